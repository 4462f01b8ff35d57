package io.kifudb.api;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A query parameter the operation does not declare is refused, never ignored: {@code ?moves=7i7h} where
 * {@code play} is meant would otherwise answer for the start position. The names an operation knows are
 * read from its resource method ({@code @QueryParam}, {@code @RestQuery}, and those of {@code @BeanParam}
 * classes), so the check can neither drift from the code nor from the OpenAPI document, which SmallRye
 * writes from the same declarations. A parameter given twice is refused too (only the first would count),
 * unless the method takes a list of it.
 *
 * <p>Runs after {@link WriteAuthFilter}: a write without a key is a 401 before its parameters are looked at.
 */
public class QueryParameterCheck {
    static final String UNKNOWN_PARAMETER = "unknown-parameter";

    /** Per resource method: each query parameter it declares, and whether it may be repeated (a list). */
    private final Map<Method, Map<String, Boolean>> declared = new ConcurrentHashMap<>();

    /** @return the 400 problem, or null to go on with the request */
    @ServerRequestFilter(priority = Priorities.USER + 100)
    public Response check(ContainerRequestContext request, ResourceInfo resource) {
        Method method = resource.getResourceMethod();
        if (method == null) return null;
        Map<String, Boolean> known = declared.computeIfAbsent(method, QueryParameterCheck::queryParameters);
        Map<String, List<String>> given = request.getUriInfo().getQueryParameters();
        List<String> unknown = new ArrayList<>();
        for (Map.Entry<String, List<String>> p : given.entrySet()) {
            Boolean repeatable = known.get(p.getKey());
            if (repeatable == null) unknown.add(p.getKey());
            else if (!repeatable && p.getValue().size() > 1) {
                return Problems.response(Problem.of(400, Problem.BAD_REQUEST, "Repeated parameter",
                        "the query parameter '" + p.getKey() + "' is given " + p.getValue().size() + " times; give it once")
                        .withField(p.getKey()));
            }
        }
        if (unknown.isEmpty()) return null;
        unknown.sort(null);
        String first = unknown.get(0);
        String detail = "unknown query parameter" + (unknown.size() == 1 ? " " : "s ")
                + String.join(", ", unknown.stream().map(u -> "'" + u + "'" + ClosestName.didYouMean(u, known.keySet())).toList())
                + "; " + (known.isEmpty() ? "this operation takes none" : "this operation takes: " + String.join(", ", known.keySet()));
        return Problems.response(Problem.of(400, UNKNOWN_PARAMETER, "Unknown parameter", detail).withField(first));
    }

    static Map<String, Boolean> queryParameters(Method method) {
        Map<String, Boolean> names = new TreeMap<>();
        for (Parameter p : method.getParameters()) {
            String name = queryName(p, p.getName());
            if (name != null) names.put(name, Collection.class.isAssignableFrom(p.getType()));
            else if (p.isAnnotationPresent(BeanParam.class)) beanParameters(p.getType(), names);
        }
        return names;
    }

    private static void beanParameters(Class<?> bean, Map<String, Boolean> names) {
        for (Class<?> c = bean; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                String name = queryName(f, f.getName());
                if (name != null) names.put(name, Collection.class.isAssignableFrom(f.getType()));
                else if (f.isAnnotationPresent(BeanParam.class)) beanParameters(f.getType(), names);
            }
        }
    }

    private static String queryName(AnnotatedElement e, String javaName) {
        QueryParam q = e.getAnnotation(QueryParam.class);
        if (q != null) return q.value();
        RestQuery r = e.getAnnotation(RestQuery.class);
        if (r != null) return r.value().isEmpty() ? javaName : r.value();
        return null;
    }
}

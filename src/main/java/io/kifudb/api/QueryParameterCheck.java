package io.kifudb.api;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.PathParam;
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
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * A query parameter the operation does not declare is refused, never ignored: {@code ?moves=7i7h} where
 * {@code play} is meant would otherwise answer for the start position. The names an operation knows are
 * read from its resource method ({@code @QueryParam}, {@code @RestQuery}, and those of {@code @BeanParam}
 * classes), so the check can neither drift from the code nor from the OpenAPI document, which SmallRye
 * writes from the same declarations. A parameter given twice is refused too (only the first would count),
 * unless the method takes a list of it.
 *
 * <p>A query or path parameter the method takes as a number or a boolean is checked here too, before the
 * framework converts it: its conversion error does not say which parameter it was, and it reads any
 * boolean but {@code true} as false.
 *
 * <p>Runs after {@link WriteAuthFilter}: a write without a key is a 401 before its parameters are looked at.
 */
public class QueryParameterCheck {
    static final String UNKNOWN_PARAMETER = "unknown-parameter";

    /** Per resource method: each query parameter it declares, and whether it may be repeated (a list). */
    private final Map<Method, Map<String, Boolean>> declared = new ConcurrentHashMap<>();
    /** Per resource method: its query and path parameters converted to a number or a boolean. */
    private final Map<Method, List<Typed>> types = new ConcurrentHashMap<>();

    /** A parameter the framework converts: where it is given (path or query), its name and its type. */
    record Typed(boolean path, String name, Class<?> type) {}

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
        if (unknown.isEmpty()) return wrongType(types.computeIfAbsent(method, QueryParameterCheck::convertedTypes), request);
        unknown.sort(null);
        String first = unknown.get(0);
        String detail = "unknown query parameter" + (unknown.size() == 1 ? " " : "s ")
                + String.join(", ", unknown.stream().map(u -> "'" + u + "'" + ClosestName.didYouMean(u, known.keySet())).toList())
                + "; " + (known.isEmpty() ? "this operation takes none" : "this operation takes: " + String.join(", ", known.keySet()));
        return Problems.response(Problem.of(400, UNKNOWN_PARAMETER, "Unknown parameter", detail).withField(first));
    }

    /** The 400 problem of the first query or path parameter whose value its type cannot take, or null. */
    private static Response wrongType(List<Typed> typed, ContainerRequestContext request) {
        for (Typed t : typed) {
            List<String> values = (t.path() ? request.getUriInfo().getPathParameters() : request.getUriInfo().getQueryParameters()).get(t.name());
            if (values == null || values.isEmpty()) continue;
            String value = values.get(0);
            // an empty value is the framework's (it stands for the default): only a value that would be misread is refused
            String expected = value.isEmpty() ? null : expected(t.type(), value);
            if (expected != null)
                return Problems.response(Problem.of(400, Problem.BAD_REQUEST, "Invalid parameter",
                        "the " + (t.path() ? "path" : "query") + " parameter '" + t.name() + "' must be " + expected + ", not '" + value + "'")
                        .withField(t.name()));
        }
        return null;
    }

    private static final Set<Class<?>> CHECKED = Set.of(int.class, Integer.class, long.class, Long.class, boolean.class,
            Boolean.class);
    private static final Pattern WHOLE_NUMBER = Pattern.compile("[+-]?[0-9]+");

    /** What a value of the type looks like when this one is not such a value; null when it is (or the type is not checked). */
    static String expected(Class<?> type, String value) {
        try {
            if (type == int.class || type == Integer.class) Integer.parseInt(value);
            else if (type == long.class || type == Long.class) Long.parseLong(value);
            else if (type == boolean.class || type == Boolean.class) return value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false") ? null : "true or false";
            return null;
        } catch (NumberFormatException e) {
            if (!WHOLE_NUMBER.matcher(value).matches()) return "a whole number";
            return type == int.class || type == Integer.class ? "a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE
                    : "a whole number from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE;
        }
    }

    /** The method's query and path parameters of the types checked here, in order. */
    static List<Typed> convertedTypes(Method method) {
        List<Typed> typed = new ArrayList<>();
        for (Parameter p : method.getParameters()) typed(p, p.getType(), typed);
        return typed;
    }

    private static void typed(AnnotatedElement e, Class<?> type, List<Typed> typed) {
        if (e.isAnnotationPresent(BeanParam.class)) {
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass())
                for (Field f : c.getDeclaredFields()) typed(f, f.getType(), typed);
            return;
        }
        if (!CHECKED.contains(type)) return; // text: the framework takes any
        String query = queryName(e, e instanceof Parameter p ? p.getName() : ((Field) e).getName());
        if (query != null) typed.add(new Typed(false, query, type));
        PathParam path = e.getAnnotation(PathParam.class);
        if (path != null) typed.add(new Typed(true, path.value(), type));
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

package io.kifudb.cli;

import io.kifudb.rules.RuleSet;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.stream.Collectors;

/** {@code --rules ID}: a rule set id, refused with the list of known ids. */
final class RuleSetConverter implements ITypeConverter<RuleSet> {
    @Override
    public RuleSet convert(String value) {
        RuleSet r = RuleSet.byId(value);
        if (r == null)
            throw new TypeConversionException("unknown rule set '" + value + "' (known: "
                    + RuleSet.all().stream().map(x -> x.id).collect(Collectors.joining(", ")) + ")");
        return r;
    }
}

package java.time.format;

/** How parsed fields are resolved: STRICT (ISO formatters), SMART (ofPattern) or LENIENT. */
public enum ResolverStyle {
    STRICT, SMART, LENIENT;
}

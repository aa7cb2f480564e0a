package java.text;

/**
 * The base of the text formats: an object formats into a StringBuffer and parses back from a
 * String at a ParsePosition. gcvm's formats are always those of the default English locale.
 */
public abstract class Format implements java.io.Serializable, Cloneable {

    protected Format() {
    }

    public final String format(Object obj) {
        return format(obj, new StringBuffer(), new FieldPosition(0)).toString();
    }

    public abstract StringBuffer format(Object obj, StringBuffer toAppendTo, FieldPosition pos);

    public abstract Object parseObject(String source, ParsePosition pos);

    public Object parseObject(String source) throws ParseException {
        ParsePosition pos = new ParsePosition(0);
        Object result = parseObject(source, pos);
        if (pos.getIndex() == 0) {
            throw new ParseException("Format.parseObject(String) failed", pos.getErrorIndex());
        }
        return result;
    }

    @Override
    public Object clone() {
        try {
            return super.clone();
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
    }

    /** The attribute keys of formatted fields (only their names are kept). */
    public static class Field {
        private final String name;

        protected Field(String name) {
            this.name = name;
        }

        protected String getName() {
            return name;
        }

        @Override
        public String toString() {
            return getClass().getName() + "(" + name + ")";
        }
    }
}

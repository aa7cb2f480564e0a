package java.text;

/** Which field of a formatted result to locate, and where it was found (begin/end indices). */
public class FieldPosition {
    private final int field;
    private final Format.Field attribute;
    private int beginIndex;
    private int endIndex;

    public FieldPosition(int field) {
        this(null, field);
    }

    public FieldPosition(Format.Field attribute) {
        this(attribute, -1);
    }

    public FieldPosition(Format.Field attribute, int field) {
        this.attribute = attribute;
        this.field = field;
    }

    public Format.Field getFieldAttribute() {
        return attribute;
    }

    public int getField() {
        return field;
    }

    public int getBeginIndex() {
        return beginIndex;
    }

    public int getEndIndex() {
        return endIndex;
    }

    public void setBeginIndex(int bi) {
        beginIndex = bi;
    }

    public void setEndIndex(int ei) {
        endIndex = ei;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof FieldPosition)) {
            return false;
        }
        FieldPosition o = (FieldPosition) obj;
        return field == o.field && beginIndex == o.beginIndex && endIndex == o.endIndex
                && (attribute == null ? o.attribute == null : attribute.equals(o.attribute));
    }

    @Override
    public int hashCode() {
        return (field << 24) | (beginIndex << 16) | endIndex;
    }

    @Override
    public String toString() {
        return getClass().getName() + "[field=" + field + ",attribute=" + attribute
                + ",beginIndex=" + beginIndex + ",endIndex=" + endIndex + ']';
    }
}

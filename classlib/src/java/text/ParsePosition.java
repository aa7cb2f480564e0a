package java.text;

/** The index a parse starts at and reaches, and where it failed (-1: no error). */
public class ParsePosition {
    private int index;
    private int errorIndex = -1;

    public ParsePosition(int index) {
        this.index = index;
    }

    public int getIndex() {
        return index;
    }

    public void setIndex(int index) {
        this.index = index;
    }

    public int getErrorIndex() {
        return errorIndex;
    }

    public void setErrorIndex(int ei) {
        errorIndex = ei;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof ParsePosition)) {
            return false;
        }
        ParsePosition o = (ParsePosition) obj;
        return index == o.index && errorIndex == o.errorIndex;
    }

    @Override
    public int hashCode() {
        return (errorIndex << 16) | index;
    }

    @Override
    public String toString() {
        return getClass().getName() + "[index=" + index + ",errorIndex=" + errorIndex + ']';
    }
}

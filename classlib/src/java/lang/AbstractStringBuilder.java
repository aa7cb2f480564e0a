package java.lang;

/**
 * The shared implementation of StringBuilder and StringBuffer (UTF-16 chars, JDK growth policy:
 * capacity 16 by default, then {@code old * 2 + 2} or the required size if larger).
 */
abstract class AbstractStringBuilder implements Appendable, CharSequence {

    char[] value;
    int count;

    AbstractStringBuilder(int capacity) {
        if (capacity < 0) {
            throw new NegativeArraySizeException(Integer.toString(capacity));
        }
        value = new char[capacity];
    }

    int compareTo(AbstractStringBuilder another) {
        if (this == another) {
            return 0;
        }
        int lim = Math.min(count, another.count);
        for (int k = 0; k < lim; k++) {
            if (value[k] != another.value[k]) {
                return value[k] - another.value[k];
            }
        }
        return count - another.count;
    }

    public int length() {
        return count;
    }

    public int capacity() {
        return value.length;
    }

    public void ensureCapacity(int minimumCapacity) {
        if (minimumCapacity > 0) {
            ensureCapacityInternal(minimumCapacity);
        }
    }

    private void ensureCapacityInternal(int minimumCapacity) {
        if (minimumCapacity - value.length > 0) {
            int newCapacity = (value.length << 1) + 2;
            if (newCapacity - minimumCapacity < 0) {
                newCapacity = minimumCapacity;
            }
            if (newCapacity < 0) {
                if (minimumCapacity < 0) {
                    throw new OutOfMemoryError("Required length exceeds implementation limit");
                }
                newCapacity = minimumCapacity;
            }
            char[] n = new char[newCapacity];
            System.arraycopy(value, 0, n, 0, count);
            value = n;
        }
    }

    public void trimToSize() {
        if (count < value.length) {
            char[] n = new char[count];
            System.arraycopy(value, 0, n, 0, count);
            value = n;
        }
    }

    public void setLength(int newLength) {
        if (newLength < 0) {
            throw new StringIndexOutOfBoundsException(newLength);
        }
        ensureCapacityInternal(newLength);
        for (int i = count; i < newLength; i++) {
            value[i] = '\0';
        }
        count = newLength;
    }

    public char charAt(int index) {
        String.checkIndex(index, count);
        return value[index];
    }

    public int codePointAt(int index) {
        String.checkIndex(index, count);
        return Character.codePointAt(value, index, count);
    }

    public int codePointBefore(int index) {
        int i = index - 1;
        if (i < 0 || i >= count) {
            throw new StringIndexOutOfBoundsException(index);
        }
        return Character.codePointBefore(value, index, 0);
    }

    public int codePointCount(int beginIndex, int endIndex) {
        if (beginIndex < 0 || endIndex > count || beginIndex > endIndex) {
            throw new IndexOutOfBoundsException();
        }
        return Character.codePointCount(value, beginIndex, endIndex - beginIndex);
    }

    public void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
        checkRange(srcBegin, srcEnd, count);
        int n = srcEnd - srcBegin;
        if (dstBegin < 0 || dstBegin > dst.length - n) {
            throw new IndexOutOfBoundsException("dstBegin " + dstBegin + ", srcBegin " + srcBegin
                    + ", srcEnd " + srcEnd + ", dst length " + dst.length);
        }
        System.arraycopy(value, srcBegin, dst, dstBegin, n);
    }

    public void setCharAt(int index, char ch) {
        String.checkIndex(index, count);
        value[index] = ch;
    }

    private static void checkRange(int start, int end, int len) {
        if (start < 0 || start > end || end > len) {
            throw new StringIndexOutOfBoundsException(
                    "start " + start + ", end " + end + ", length " + len);
        }
    }

    private static void checkOffset(int offset, int len) {
        if (offset < 0 || offset > len) {
            throw new StringIndexOutOfBoundsException("offset " + offset + ", length " + len);
        }
    }

    // ---- append ----

    public AbstractStringBuilder append(Object obj) {
        return append(String.valueOf(obj));
    }

    public AbstractStringBuilder append(String str) {
        if (str == null) {
            return appendNull();
        }
        char[] s = str.value();
        ensureCapacityInternal(count + s.length);
        System.arraycopy(s, 0, value, count, s.length);
        count += s.length;
        return this;
    }

    public AbstractStringBuilder append(StringBuffer sb) {
        return append((CharSequence) sb);
    }

    AbstractStringBuilder append(AbstractStringBuilder asb) {
        if (asb == null) {
            return appendNull();
        }
        int len = asb.length();
        ensureCapacityInternal(count + len);
        asb.getChars(0, len, value, count);
        count += len;
        return this;
    }

    public AbstractStringBuilder append(CharSequence s) {
        if (s == null) {
            return appendNull();
        }
        if (s instanceof String) {
            return this.append((String) s);
        }
        if (s instanceof AbstractStringBuilder) {
            return this.append((AbstractStringBuilder) s);
        }
        return this.append(s, 0, s.length());
    }

    private AbstractStringBuilder appendNull() {
        ensureCapacityInternal(count + 4);
        value[count++] = 'n';
        value[count++] = 'u';
        value[count++] = 'l';
        value[count++] = 'l';
        return this;
    }

    public AbstractStringBuilder append(CharSequence s, int start, int end) {
        if (s == null) {
            s = "null";
        }
        if (start < 0 || start > end || end > s.length()) {
            throw new IndexOutOfBoundsException(
                    "start " + start + ", end " + end + ", length " + s.length());
        }
        ensureCapacityInternal(count + end - start);
        for (int i = start; i < end; i++) {
            value[count++] = s.charAt(i);
        }
        return this;
    }

    public AbstractStringBuilder append(char[] str) {
        ensureCapacityInternal(count + str.length);
        System.arraycopy(str, 0, value, count, str.length);
        count += str.length;
        return this;
    }

    public AbstractStringBuilder append(char[] str, int offset, int len) {
        int end = offset + len;
        checkRange(offset, end, str.length);
        ensureCapacityInternal(count + len);
        System.arraycopy(str, offset, value, count, len);
        count += len;
        return this;
    }

    public AbstractStringBuilder append(boolean b) {
        return append(b ? "true" : "false");
    }

    public AbstractStringBuilder append(char c) {
        ensureCapacityInternal(count + 1);
        value[count++] = c;
        return this;
    }

    public AbstractStringBuilder append(int i) {
        return append(Integer.toString(i));
    }

    public AbstractStringBuilder append(long l) {
        return append(Long.toString(l));
    }

    public AbstractStringBuilder append(float f) {
        return append(Float.toString(f));
    }

    public AbstractStringBuilder append(double d) {
        return append(Double.toString(d));
    }

    public AbstractStringBuilder appendCodePoint(int codePoint) {
        if (Character.isBmpCodePoint(codePoint)) {
            return append((char) codePoint);
        }
        return append(Character.toChars(codePoint));
    }

    // ---- delete / replace / insert ----

    public AbstractStringBuilder delete(int start, int end) {
        if (end > count) {
            end = count;
        }
        checkRange(start, end, count);
        int len = end - start;
        if (len > 0) {
            System.arraycopy(value, start + len, value, start, count - end);
            count -= len;
        }
        return this;
    }

    public AbstractStringBuilder deleteCharAt(int index) {
        String.checkIndex(index, count);
        System.arraycopy(value, index + 1, value, index, count - index - 1);
        count--;
        return this;
    }

    public AbstractStringBuilder replace(int start, int end, String str) {
        if (end > count) {
            end = count;
        }
        checkRange(start, end, count);
        int len = str.length();
        int newCount = count + len - (end - start);
        ensureCapacityInternal(newCount);
        System.arraycopy(value, end, value, start + len, count - end);
        str.getChars(0, len, value, start);
        count = newCount;
        return this;
    }

    public String substring(int start) {
        return substring(start, count);
    }

    public CharSequence subSequence(int start, int end) {
        return substring(start, end);
    }

    public String substring(int start, int end) {
        checkRange(start, end, count);
        return new String(value, start, end - start);
    }

    private void shiftForInsert(int offset, int len) {
        ensureCapacityInternal(count + len);
        System.arraycopy(value, offset, value, offset + len, count - offset);
        count += len;
    }

    public AbstractStringBuilder insert(int index, char[] str, int offset, int len) {
        checkOffset(index, count);
        checkRange(offset, offset + len, str.length);
        shiftForInsert(index, len);
        System.arraycopy(str, offset, value, index, len);
        return this;
    }

    public AbstractStringBuilder insert(int offset, Object obj) {
        return insert(offset, String.valueOf(obj));
    }

    public AbstractStringBuilder insert(int offset, String str) {
        checkOffset(offset, count);
        if (str == null) {
            str = "null";
        }
        int len = str.length();
        shiftForInsert(offset, len);
        str.getChars(0, len, value, offset);
        return this;
    }

    public AbstractStringBuilder insert(int offset, char[] str) {
        checkOffset(offset, count);
        shiftForInsert(offset, str.length);
        System.arraycopy(str, 0, value, offset, str.length);
        return this;
    }

    public AbstractStringBuilder insert(int dstOffset, CharSequence s) {
        if (s == null) {
            s = "null";
        }
        return this.insert(dstOffset, s, 0, s.length());
    }

    public AbstractStringBuilder insert(int dstOffset, CharSequence s, int start, int end) {
        if (s == null) {
            s = "null";
        }
        checkOffset(dstOffset, count);
        checkRange(start, end, s.length());
        int len = end - start;
        shiftForInsert(dstOffset, len);
        for (int i = start; i < end; i++) {
            value[dstOffset++] = s.charAt(i);
        }
        return this;
    }

    public AbstractStringBuilder insert(int offset, boolean b) {
        return insert(offset, String.valueOf(b));
    }

    public AbstractStringBuilder insert(int offset, char c) {
        checkOffset(offset, count);
        shiftForInsert(offset, 1);
        value[offset] = c;
        return this;
    }

    public AbstractStringBuilder insert(int offset, int i) {
        return insert(offset, String.valueOf(i));
    }

    public AbstractStringBuilder insert(int offset, long l) {
        return insert(offset, String.valueOf(l));
    }

    public AbstractStringBuilder insert(int offset, float f) {
        return insert(offset, String.valueOf(f));
    }

    public AbstractStringBuilder insert(int offset, double d) {
        return insert(offset, String.valueOf(d));
    }

    // ---- search ----

    public int indexOf(String str) {
        return indexOf(str, 0);
    }

    public int indexOf(String str, int fromIndex) {
        return String.indexOf(value, count, str.value(), fromIndex);
    }

    public int lastIndexOf(String str) {
        return lastIndexOf(str, count);
    }

    public int lastIndexOf(String str, int fromIndex) {
        return String.lastIndexOf(value, count, str.value(), fromIndex);
    }

    public AbstractStringBuilder reverse() {
        boolean hasSurrogates = false;
        int n = count - 1;
        for (int j = (n - 1) >> 1; j >= 0; j--) {
            int k = n - j;
            char cj = value[j];
            char ck = value[k];
            value[j] = ck;
            value[k] = cj;
            if (Character.isSurrogate(cj) || Character.isSurrogate(ck)) {
                hasSurrogates = true;
            }
        }
        if (hasSurrogates) {
            reverseAllValidSurrogatePairs();
        }
        return this;
    }

    private void reverseAllValidSurrogatePairs() {
        for (int i = 0; i < count - 1; i++) {
            char c2 = value[i];
            if (Character.isLowSurrogate(c2)) {
                char c1 = value[i + 1];
                if (Character.isHighSurrogate(c1)) {
                    value[i++] = c1;
                    value[i] = c2;
                }
            }
        }
    }

    /** A copy of the current contents. */
    char[] toCharArray() {
        char[] r = new char[count];
        System.arraycopy(value, 0, r, 0, count);
        return r;
    }

    public abstract String toString();
}

package java.lang;

public interface CharSequence {
    int length();

    char charAt(int index);

    default boolean isEmpty() {
        return this.length() == 0;
    }

    CharSequence subSequence(int start, int end);

    public String toString();

    static int compare(CharSequence cs1, CharSequence cs2) {
        if (cs1 == cs2) {
            return 0;
        }
        if (cs1.getClass() == cs2.getClass() && cs1 instanceof Comparable) {
            @SuppressWarnings("unchecked")
            Comparable<Object> c = (Comparable<Object>) cs1;
            return c.compareTo(cs2);
        }
        for (int i = 0, len = Math.min(cs1.length(), cs2.length()); i < len; i++) {
            char a = cs1.charAt(i);
            char b = cs2.charAt(i);
            if (a != b) {
                return a - b;
            }
        }
        return cs1.length() - cs2.length();
    }

    default java.util.stream.IntStream chars() {
        final CharSequence cs = this;
        return java.util.stream.StreamSupport.intsFromIterator(new java.util.PrimitiveIterator.OfInt() {
            private int i;

            public boolean hasNext() {
                return i < cs.length();
            }

            public int nextInt() {
                if (i >= cs.length()) {
                    throw new java.util.NoSuchElementException();
                }
                return cs.charAt(i++);
            }
        });
    }

    default java.util.stream.IntStream codePoints() {
        final CharSequence cs = this;
        return java.util.stream.StreamSupport.intsFromIterator(new java.util.PrimitiveIterator.OfInt() {
            private int i;

            public boolean hasNext() {
                return i < cs.length();
            }

            public int nextInt() {
                if (i >= cs.length()) {
                    throw new java.util.NoSuchElementException();
                }
                char c1 = cs.charAt(i++);
                if (Character.isHighSurrogate(c1) && i < cs.length()) {
                    char c2 = cs.charAt(i);
                    if (Character.isLowSurrogate(c2)) {
                        i++;
                        return Character.toCodePoint(c1, c2);
                    }
                }
                return c1;
            }
        });
    }
}

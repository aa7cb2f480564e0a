package java.util;

/**
 * A set of enum constants kept as bits by ordinal (a BitSet, for any number of constants):
 * iteration in ordinal order, toString like the JDK's. The JDK's RegularEnumSet/JumboEnumSet
 * subclasses are one class here.
 */
public class EnumSet<E extends Enum<E>> extends AbstractSet<E> implements Cloneable, java.io.Serializable {
    private final Class<E> elementType;
    private final E[] universe;
    private BitSet bits;

    private EnumSet(Class<E> elementType) {
        this.elementType = elementType;
        this.universe = elementType.getEnumConstants();
        if (universe == null) {
            throw new ClassCastException(elementType + " not an enum");
        }
        this.bits = new BitSet(universe.length);
    }

    public static <E extends Enum<E>> EnumSet<E> noneOf(Class<E> elementType) {
        return new EnumSet<E>(elementType);
    }

    public static <E extends Enum<E>> EnumSet<E> allOf(Class<E> elementType) {
        EnumSet<E> s = new EnumSet<E>(elementType);
        s.bits.set(0, s.universe.length);
        return s;
    }

    @SuppressWarnings("unchecked")
    public static <E extends Enum<E>> EnumSet<E> copyOf(Collection<E> c) {
        if (c instanceof EnumSet) {
            return ((EnumSet<E>) c).clone();
        }
        if (c.isEmpty()) {
            throw new IllegalArgumentException("Collection is empty");
        }
        Iterator<E> i = c.iterator();
        E first = i.next();
        EnumSet<E> result = EnumSet.of(first);
        while (i.hasNext()) {
            result.add(i.next());
        }
        return result;
    }

    public static <E extends Enum<E>> EnumSet<E> copyOf(EnumSet<E> s) {
        return s.clone();
    }

    public static <E extends Enum<E>> EnumSet<E> complementOf(EnumSet<E> s) {
        EnumSet<E> result = new EnumSet<E>(s.elementType);
        result.bits.set(0, result.universe.length);
        result.bits.andNot(s.bits);
        return result;
    }

    public static <E extends Enum<E>> EnumSet<E> of(E e) {
        EnumSet<E> result = noneOf(e.getDeclaringClass());
        result.add(e);
        return result;
    }

    public static <E extends Enum<E>> EnumSet<E> of(E e1, E e2) {
        EnumSet<E> result = of(e1);
        result.add(e2);
        return result;
    }

    public static <E extends Enum<E>> EnumSet<E> of(E e1, E e2, E e3) {
        EnumSet<E> result = of(e1, e2);
        result.add(e3);
        return result;
    }

    public static <E extends Enum<E>> EnumSet<E> of(E e1, E e2, E e3, E e4) {
        EnumSet<E> result = of(e1, e2, e3);
        result.add(e4);
        return result;
    }

    public static <E extends Enum<E>> EnumSet<E> of(E e1, E e2, E e3, E e4, E e5) {
        EnumSet<E> result = of(e1, e2, e3, e4);
        result.add(e5);
        return result;
    }

    @SafeVarargs
    public static <E extends Enum<E>> EnumSet<E> of(E first, E... rest) {
        EnumSet<E> result = of(first);
        for (E e : rest) {
            result.add(e);
        }
        return result;
    }

    public static <E extends Enum<E>> EnumSet<E> range(E from, E to) {
        if (from.compareTo(to) > 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        EnumSet<E> result = noneOf(from.getDeclaringClass());
        result.bits.set(from.ordinal(), to.ordinal() + 1);
        return result;
    }

    private void typeCheck(E e) {
        Class<?> eClass = e.getClass();
        if (eClass != elementType && eClass.getSuperclass() != elementType) {
            throw new ClassCastException(eClass + " != " + elementType);
        }
    }

    private boolean isMember(Object o) {
        if (o == null) {
            return false;
        }
        Class<?> c = o.getClass();
        return c == elementType || c.getSuperclass() == elementType;
    }

    public Iterator<E> iterator() {
        return new Iterator<E>() {
            private int next = bits.nextSetBit(0);
            private int last = -1;

            public boolean hasNext() {
                return next >= 0;
            }

            public E next() {
                if (next < 0) {
                    throw new NoSuchElementException();
                }
                last = next;
                next = bits.nextSetBit(next + 1);
                return universe[last];
            }

            public void remove() {
                if (last < 0) {
                    throw new IllegalStateException();
                }
                bits.clear(last);
                last = -1;
            }
        };
    }

    public int size() {
        return bits.cardinality();
    }

    public boolean isEmpty() {
        return bits.isEmpty();
    }

    public boolean contains(Object o) {
        return isMember(o) && bits.get(((Enum<?>) o).ordinal());
    }

    public boolean add(E e) {
        typeCheck(e);
        boolean had = bits.get(e.ordinal());
        bits.set(e.ordinal());
        return !had;
    }

    public boolean remove(Object o) {
        if (!isMember(o)) {
            return false;
        }
        int i = ((Enum<?>) o).ordinal();
        boolean had = bits.get(i);
        bits.clear(i);
        return had;
    }

    public void clear() {
        bits.clear();
    }

    @SuppressWarnings("unchecked")
    public EnumSet<E> clone() {
        EnumSet<E> copy = new EnumSet<E>(elementType);
        copy.bits = (BitSet) bits.clone();
        return copy;
    }
}

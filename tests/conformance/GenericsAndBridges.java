// GenericsAndBridges: generic classes and methods under erasure: bridge
// methods for covariant returns and for generic interface implementations
// (Comparable<T>.compareTo(Object) bridge, overriding T get() with String
// get()), bounded type parameters (<T extends Comparable<? super T>>),
// wildcards (? extends / ? super), generic arrays via Object[], static
// generic factory methods with inference, recursive generics (Builder<T
// extends Builder<T>>), generic inheritance chains, raw-type calls hitting
// bridges, and checkcasts inserted at use sites.
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

public class GenericsAndBridges {
    static class Box<T> {
        private T value;
        Box(T value) { this.value = value; }
        T get() { return value; }
        void set(T v) { value = v; }
        <R> Box<R> map(Function<? super T, ? extends R> f) { return new Box<>(f.apply(value)); }
        @Override public String toString() { return "Box(" + value + ")"; }
    }

    static class StringBox extends Box<String> {
        StringBox(String s) { super(s); }
        @Override String get() { return "[" + super.get() + "]"; }          // bridge: Object get()
        @Override void set(String v) { super.set(v.trim()); }              // bridge: set(Object)
    }

    static class Version implements Comparable<Version> {
        final int major, minor;
        Version(int major, int minor) { this.major = major; this.minor = minor; }
        public int compareTo(Version o) { return major != o.major ? Integer.compare(major, o.major) : Integer.compare(minor, o.minor); }
        @Override public String toString() { return major + "." + minor; }
    }

    static abstract class Animal {
        abstract Animal self();
        String kind() { return "animal"; }
    }

    static class Dog extends Animal {
        @Override Dog self() { return this; }          // covariant return -> bridge Animal self()
        @Override String kind() { return "dog"; }
        String bark() { return "woof"; }
    }

    interface Transformer<A, B> { B transform(A a); }

    static class Lengther implements Transformer<String, Integer> {
        public Integer transform(String s) { return s.length(); }   // bridge transform(Object)Object
    }

    static abstract class Builder<T extends Builder<T>> {
        final StringBuilder sb = new StringBuilder();
        abstract T self();
        T add(String s) { sb.append(s).append(';'); return self(); }
    }

    static class HtmlBuilder extends Builder<HtmlBuilder> {
        HtmlBuilder self() { return this; }
        HtmlBuilder tag(String t) { sb.append('<').append(t).append('>'); return this; }
    }

    static <T extends Comparable<? super T>> T max(Collection<? extends T> items) {
        T best = null;
        for (T t : items) if (best == null || t.compareTo(best) > 0) best = t;
        return best;
    }

    static double sum(List<? extends Number> nums) {
        double s = 0;
        for (Number n : nums) s += n.doubleValue();
        return s;
    }

    static void fill(List<? super Integer> sink, int n) {
        for (int i = 0; i < n; i++) sink.add(i * i);
    }

    @SafeVarargs
    static <T> List<T> listOf(T... xs) {
        List<T> l = new ArrayList<>();
        for (T x : xs) l.add(x);
        return l;
    }

    static class Stack<E> {
        private Object[] items = new Object[2];
        private int size;
        void push(E e) {
            if (size == items.length) items = java.util.Arrays.copyOf(items, size * 2);
            items[size++] = e;
        }
        @SuppressWarnings("unchecked")
        E pop() { E e = (E) items[--size]; items[size] = null; return e; }
        boolean isEmpty() { return size == 0; }
    }

    static class Pair<K extends Comparable<K>, V> implements Comparable<Pair<K, V>> {
        final K k;
        final V v;
        Pair(K k, V v) { this.k = k; this.v = v; }
        public int compareTo(Pair<K, V> o) { return k.compareTo(o.k); }
        @Override public String toString() { return k + "->" + v; }
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void main(String[] args) {
        Box<Integer> bi = new Box<>(41);
        Box<String> bs = bi.map(i -> "n" + (i + 1));
        System.out.println(bi + " " + bs + " " + bs.get().length());
        StringBox sbx = new StringBox("  padded ");
        Box<String> asBox = sbx;
        asBox.set("  again  ");
        Box raw = sbx;
        System.out.println(sbx.get() + " " + asBox.get() + " via raw " + raw.get());
        try {
            raw.set(42);     // bridge set(Object) casts to String -> CCE
        } catch (ClassCastException e) {
            System.out.println("raw set through bridge: ClassCastException");
        }

        List<Version> versions = listOf(new Version(1, 10), new Version(2, 0), new Version(1, 9), new Version(2, 1));
        System.out.println("max version " + max(versions) + " max string " + max(List.of("pear", "apple", "zoo")) + " max int " + max(List.of(3, 9, 2)));
        Comparable rawCmp = new Version(1, 0);
        System.out.println("raw compareTo " + rawCmp.compareTo(new Version(0, 5)));
        try {
            rawCmp.compareTo("not a version");
        } catch (ClassCastException e) {
            System.out.println("raw compareTo wrong type: ClassCastException");
        }
        versions.sort(null);
        System.out.println("sorted " + versions);
        versions.sort(Comparator.reverseOrder());
        System.out.println("reversed " + versions);

        Animal a = new Dog();
        System.out.println(a.self().kind() + " " + new Dog().self().bark());
        Transformer<String, Integer> t = new Lengther();
        Transformer rawT = t;
        System.out.println("transform " + t.transform("hello") + " raw " + rawT.transform("four"));

        System.out.println(new HtmlBuilder().add("a").tag("b").add("c").sb);

        List<Number> numbers = new ArrayList<>();
        fill(numbers, 5);
        numbers.add(2.5);
        List<Object> objects = new ArrayList<>();
        fill(objects, 3);
        System.out.println("wildcards " + numbers + " sum " + sum(numbers) + " " + objects + " sum ints " + sum(List.of(1, 2, 3)));

        Stack<String> st = new Stack<>();
        for (String s : "to be or not to be".split(" ")) st.push(s);
        StringBuilder out = new StringBuilder();
        while (!st.isEmpty()) out.append(st.pop()).append(' ');
        System.out.println("stack " + out.toString().trim());

        List<Pair<String, Integer>> pairs = new ArrayList<>();
        String[] ks = {"m", "c", "x", "a"};
        for (int i = 0; i < ks.length; i++) pairs.add(new Pair<>(ks[i], i));
        java.util.Collections.sort(pairs);
        System.out.println("pairs " + pairs + " max " + max(pairs));

        // heap pollution through raw list surfaces as CCE at the use site
        List<String> strs = new ArrayList<>();
        List rawList = strs;
        rawList.add(7);
        Object first = strs.get(0);          // no checkcast needed: fine
        System.out.println("raw element " + first);
        try {
            String s = strs.get(0);          // checkcast String inserted here
            System.out.println(s);
        } catch (ClassCastException e) {
            System.out.println("checkcast at use site: ClassCastException");
        }
        Box<int[]> arrBox = new Box<>(new int[]{1, 2, 3});
        System.out.println("generic array element " + arrBox.get()[2] + " " + arrBox.map(arr -> arr.length).get());
    }
}

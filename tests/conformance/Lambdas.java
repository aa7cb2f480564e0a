// Lambdas: invokedynamic LambdaMetafactory: non-capturing and capturing
// lambdas (locals, this, fields), method references of all kinds (static
// Foo::m, bound obj::m, unbound String::length, constructor ArrayList::new
// and array constructor int[]::new, super::m), boxing/unboxing/widening
// adaptations between functional interface and implementation signatures,
// lambdas in generic methods, Comparator.comparing/thenComparing/reversed/
// naturalOrder/nullsFirst chains, Function.andThen/compose/identity,
// Predicate and/or/negate, BiFunction, Supplier, Consumer.andThen, Runnable,
// UnaryOperator, BinaryOperator, custom functional interfaces, recursion via
// a field, and lambdas stored and invoked later.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.*;

public class Lambdas {
    interface TriFunction<A, B, C, R> { R apply(A a, B b, C c); }
    interface IntOp { int op(int a, int b); }
    interface LongToDouble { double go(long x); }

    record Person(String name, int age, String city) {}

    static class Base {
        String hello() { return "base hello"; }
    }

    static class Derived extends Base {
        final String tag;
        int calls;
        Derived(String tag) { this.tag = tag; }
        @Override String hello() { return "derived hello"; }
        Supplier<String> superRef() { return super::hello; }
        Supplier<String> thisRef() { return this::hello; }
        Runnable counter() { return () -> calls++; }
        Function<String, String> tagger() { return s -> tag + ":" + s; }
    }

    static int twice(int x) { return 2 * x; }
    static <T, R> List<R> map(List<T> in, Function<? super T, ? extends R> f) {
        List<R> out = new ArrayList<>();
        for (T t : in) out.add(f.apply(t));
        return out;
    }
    static <T> List<T> filter(List<T> in, Predicate<? super T> p) {
        List<T> out = new ArrayList<>();
        for (T t : in) if (p.test(t)) out.add(t);
        return out;
    }
    static <T> T reduce(List<T> in, T zero, BinaryOperator<T> op) {
        T acc = zero;
        for (T t : in) acc = op.apply(acc, t);
        return acc;
    }

    static Function<Integer, Integer> fib;

    public static void main(String[] args) {
        Runnable r = () -> System.out.println("runnable ran");
        r.run();
        IntOp add = (a, b) -> a + b;
        IntOp mul = (a, b) -> a * b;
        IntOp sub = Math::subtractExact;
        System.out.println(add.op(3, 4) + " " + mul.op(3, 4) + " " + sub.op(3, 4));

        int base = 10;
        String prefix = "p";
        Function<Integer, String> capt = x -> prefix + (x + base);
        System.out.println(capt.apply(5) + " " + capt.apply(-10));

        // method references
        Function<String, Integer> len = String::length;
        BiFunction<String, String, Boolean> startsWith = String::startsWith;
        String target = "hello world";
        Predicate<String> contained = target::contains;
        Function<Integer, Integer> st = Lambdas::twice;
        Supplier<List<String>> mk = ArrayList::new;
        Function<Integer, List<String>> mkSized = ArrayList::new;
        IntFunction<int[]> mkArr = int[]::new;
        Function<String, StringBuilder> sbNew = StringBuilder::new;
        System.out.println(len.apply("four") + " " + startsWith.apply("prefix", "pre") + " " + contained.test("o w") + " "
                + st.apply(21) + " " + mk.get().size() + " " + mkSized.apply(100).isEmpty() + " " + mkArr.apply(7).length + " "
                + sbNew.apply("abc").reverse());

        Derived d = new Derived("T");
        System.out.println(d.superRef().get() + " | " + d.thisRef().get() + " | " + d.tagger().apply("x"));
        Runnable cnt = d.counter();
        for (int i = 0; i < 5; i++) cnt.run();
        System.out.println("counter via lambda: " + d.calls);

        // adaptations: boxing, unboxing, widening
        ToIntFunction<Integer> unbox = Integer::intValue;
        IntFunction<Integer> boxer = Integer::valueOf;
        LongToDouble widen = x -> x / 2;     // long arithmetic then widened to double
        ToLongFunction<String> parse = Long::parseLong;
        IntBinaryOperator maxOp = Math::max;
        DoubleUnaryOperator sq = Math::sqrt;
        IntPredicate even = x -> x % 2 == 0;
        Function<Integer, Long> intToLong = Integer::longValue;
        System.out.println(unbox.applyAsInt(77) + " " + boxer.apply(5).getClass().getSimpleName() + " " + widen.go(7) + " "
                + parse.applyAsLong("123456789012") + " " + maxOp.applyAsInt(-3, -9) + " " + sq.applyAsDouble(81) + " "
                + even.test(10) + even.test(7) + " " + intToLong.apply(9).getClass().getSimpleName());

        // composition
        Function<Integer, Integer> plus1 = x -> x + 1;
        Function<Integer, Integer> times3 = x -> x * 3;
        System.out.println(plus1.andThen(times3).apply(4) + " " + plus1.compose(times3).apply(4) + " "
                + Function.<Integer>identity().apply(9) + " " + UnaryOperator.<String>identity().apply("id"));
        Predicate<String> empty = String::isEmpty;
        Predicate<String> longish = s -> s.length() > 3;
        System.out.println(empty.negate().test("") + " " + empty.or(longish).test("abcd") + " " + empty.negate().and(longish).test("ab")
                + " " + Predicate.not(empty).test("x") + " " + Predicate.isEqual("q").test("q"));
        StringBuilder log = new StringBuilder();
        Consumer<String> c1 = s -> log.append("1").append(s);
        Consumer<String> c2 = s -> log.append("2").append(s);
        c1.andThen(c2).accept("!");
        BiConsumer<String, Integer> bc = (s, n) -> log.append(s.repeat(n));
        bc.accept("ab", 2);
        System.out.println("consumers " + log);
        BinaryOperator<Integer> minBy = BinaryOperator.minBy(Comparator.naturalOrder());
        TriFunction<Integer, Integer, Integer, Integer> tri = (a, b, c) -> a * 100 + b * 10 + c;
        System.out.println(minBy.apply(5, 3) + " " + tri.apply(1, 2, 3));

        // generic helpers
        List<String> words = List.of("delta", "alpha", "charlie", "bravo", "echo", "a");
        System.out.println(map(words, String::toUpperCase) + " " + map(words, String::length) + " " + filter(words, w -> w.contains("a"))
                + " " + reduce(map(words, String::length), 0, Integer::sum) + " " + reduce(words, "", (a, b) -> a.isEmpty() ? b : a + "+" + b));

        // comparators
        List<Person> people = new ArrayList<>(List.of(new Person("Ann", 30, "Oslo"), new Person("Bob", 25, "Rome"),
                new Person("Cid", 30, "Bern"), new Person("Dee", 25, "Oslo"), new Person("Eve", 41, "Rome")));
        people.sort(Comparator.comparing(Person::city).thenComparing(Person::age, Comparator.reverseOrder()).thenComparing(Person::name));
        System.out.println(map(people, Person::name));
        people.sort(Comparator.comparingInt(Person::age).reversed().thenComparing(Person::name, Comparator.reverseOrder()));
        System.out.println(map(people, p -> p.name() + p.age()));
        List<String> withNulls = new ArrayList<>(Arrays.asList("b", null, "a", null, "c"));
        withNulls.sort(Comparator.nullsFirst(Comparator.naturalOrder()));
        System.out.println(withNulls);
        withNulls.sort(Comparator.nullsLast(Comparator.<String>reverseOrder()));
        System.out.println(withNulls);
        List<String> byLen = new ArrayList<>(words);
        byLen.sort(Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
        System.out.println(byLen);

        // recursion through a static field, lambdas stored in collections
        fib = n -> n < 2 ? n : fib.apply(n - 1) + fib.apply(n - 2);
        System.out.println("fib(20) " + fib.apply(20));
        List<Supplier<String>> suppliers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            final int k = i;
            suppliers.add(() -> "s" + k * k);
        }
        StringBuilder sb = new StringBuilder();
        for (Supplier<String> s : suppliers) sb.append(s.get()).append(' ');
        System.out.println(sb.toString().trim());
        // the same non-capturing lambda expression evaluated twice: behaviour only, not identity
        IntSupplier[] sups = new IntSupplier[3];
        for (int i = 0; i < 3; i++) sups[i] = () -> 42;
        System.out.println(sups[0].getAsInt() + sups[1].getAsInt() + sups[2].getAsInt());
        BiFunction<Double, Double, Double> hyp = (a, b) -> Math.sqrt(a * a + b * b);
        System.out.println("hyp " + hyp.apply(3.0, 4.0) + " " + hyp.andThen(x -> x * 2).apply(6.0, 8.0));
    }
}

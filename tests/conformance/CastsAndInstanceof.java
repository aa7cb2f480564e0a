// CastsAndInstanceof: checkcast and instanceof against classes, interfaces,
// arrays (covariant, primitive, multi-dimensional), null (instanceof false,
// cast succeeds), pattern matching instanceof (Java 16), ClassCastException
// caught with the JDK message format, casts in generic code (erasure) that
// fail only at the use site, and casts of boxed values.
import java.util.ArrayList;
import java.util.List;

public class CastsAndInstanceof {
    interface Animal { String sound(); }
    static class Dog implements Animal { public String sound() { return "woof"; } }
    static class Puppy extends Dog { @Override public String sound() { return "yip"; } }
    static class Cat implements Animal, Comparable<Cat> {
        public String sound() { return "meow"; }
        public int compareTo(Cat o) { return 0; }
    }

    static String check(Object o) {
        return (o instanceof Animal ? "A" : "-") + (o instanceof Dog ? "D" : "-") + (o instanceof Puppy ? "P" : "-")
                + (o instanceof Cat ? "C" : "-") + (o instanceof Comparable ? "c" : "-") + (o instanceof Object[] ? "O" : "-")
                + (o instanceof Animal[] ? "a" : "-") + (o instanceof int[] ? "i" : "-") + (o instanceof CharSequence ? "s" : "-")
                + (o instanceof Number ? "n" : "-");
    }

    static String describe(Object o) {
        if (o instanceof String s && !s.isEmpty()) return "string of length " + s.length();
        if (o instanceof Integer i) return "int " + (i + 1);
        if (o instanceof Dog d) return "dog says " + d.sound();
        if (o instanceof int[] arr) return "int[] of " + arr.length;
        if (!(o instanceof Animal a)) return "other " + (o == null ? "null" : o.getClass().getSimpleName() + " " + (o instanceof Object[]));
        return "animal " + a.sound();
    }

    static String tryCast(Object o, String target) {
        try {
            switch (target) {
                case "Dog": return "ok " + ((Dog) o).sound();
                case "Puppy": return "ok " + ((Puppy) o).sound();
                case "Animal": return "ok " + ((Animal) o).sound();
                case "String": return "ok " + ((String) o).length();
                case "Integer": return "ok " + ((Integer) o).intValue();
                case "Object[]": return "ok " + ((Object[]) o).length;
                case "Dog[]": return "ok " + ((Dog[]) o).length;
                case "int[]": return "ok " + ((int[]) o).length;
                default: return "?";
            }
        } catch (ClassCastException e) {
            return "CCE " + e.getClass().getName();
        }
    }

    @SuppressWarnings("unchecked")
    static <T> T unsafe(Object o) { return (T) o; }   // erased: no checkcast here

    public static void main(String[] args) {
        Object[] things = {new Dog(), new Puppy(), new Cat(), "str", 42, new Puppy[1], new Animal[0], new int[2],
                new Object[0], new StringBuilder("sb"), 3.0, null, new Dog[0][0]};
        for (Object o : things) {
            String name = o == null ? "null" : o.getClass().getName();
            System.out.println(name + " " + check(o));
        }
        for (Object o : things) System.out.println(describe(o));

        String[] targets = {"Dog", "Puppy", "Animal", "String", "Integer", "Object[]", "Dog[]", "int[]"};
        Object[] subjects = {new Dog(), new Puppy(), new Cat(), "hey", 7, new Puppy[3], new int[4]};
        for (Object subj : subjects) {
            StringBuilder sb = new StringBuilder(subj.getClass().getSimpleName()).append(':');
            for (String t : targets) sb.append(" [").append(t).append(' ').append(tryCast(subj, t)).append(']');
            System.out.println(sb);
        }

        try {
            Object o = Integer.valueOf(1);
            String s = (String) o;
            System.out.println(s);
        } catch (ClassCastException e) {
            System.out.println("Integer -> String: " + e.getClass().getName());
        }
        // the exact JDK message for two application classes
        try {
            Object o = new Cat();
            Dog d = (Dog) o;
            System.out.println(d);
        } catch (ClassCastException e) {
            System.out.println("message: " + e.getMessage());
        }

        // erasure: the cast fails where the value is used as String
        List<Object> raw = new ArrayList<>();
        raw.add(1);
        raw.add("two");
        @SuppressWarnings("unchecked")
        List<String> strings = (List<String>) (List<?>) raw;
        System.out.println("size " + strings.size() + " get(1) " + strings.get(1));
        try {
            String first = strings.get(0);
            System.out.println("unexpected " + first);
        } catch (ClassCastException e) {
            System.out.println("heap pollution detected: " + e.getClass().getSimpleName());
        }
        Integer fine = unsafe(5);
        System.out.println("unsafe ok " + fine);
        try {
            String bad = unsafe(5);
            System.out.println("unexpected " + bad);
        } catch (ClassCastException e) {
            System.out.println("unsafe fails at use site");
        }

        // casts with boxing and primitives
        Object boxed = 'x';
        char ch = (Character) boxed;
        Object num = 1234567890123L;
        long lv = (Long) num;
        Number n = (Number) num;
        System.out.println("boxed casts " + ch + " " + lv + " " + n.intValue() + " " + n.doubleValue());
        try {
            Integer wrong = (Integer) num;
            System.out.println(wrong);
        } catch (ClassCastException e) {
            System.out.println("Long -> Integer: CCE");
        }
        Object nul = null;
        String ns = (String) nul;
        Dog nd = (Dog) nul;
        System.out.println("null casts ok: " + ns + " " + nd + " instanceof " + (nul instanceof Object));
        Object arr2d = new Puppy[2][3];
        System.out.println("2D: " + (arr2d instanceof Object[]) + " " + (arr2d instanceof Dog[][]) + " " + (arr2d instanceof Animal[][])
                + " " + (arr2d instanceof Object[][]) + " " + (arr2d instanceof Puppy[][][]) + " " + (arr2d instanceof Cloneable));
    }
}

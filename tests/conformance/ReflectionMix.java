import java.util.*;
import java.util.function.*;

/** Class names and hierarchy, interfaces, nested/anonymous/local classes, generics, enums with
 * bodies, interfaces with default methods, static nested and inner classes, exceptions. */
public class ReflectionMix {
    interface Greeter { String greet(String n); default Greeter twice() { return n -> greet(greet(n)); } }
    interface Named { String name(); }
    static abstract class Animal implements Named, Comparable<Animal> {
        public int compareTo(Animal o) { return name().compareTo(o.name()); }
        public String toString() { return getClass().getSimpleName() + "(" + name() + ")"; }
    }
    static final class Dog extends Animal { public String name() { return "rex"; } }
    static final class Cat extends Animal { public String name() { return "tom"; } }
    enum Planet {
        MERCURY(3.303e+23, 2.4397e6), EARTH(5.976e+24, 6.37814e6) { String describe() { return "home"; } };
        final double mass, radius;
        Planet(double m, double r) { mass = m; radius = r; }
        String describe() { return "planet"; }
        double gravity() { return 6.67300E-11 * mass / (radius * radius); }
    }
    class Inner { int v = outerField * 2; }
    int outerField = 21;

    public static void main(String[] args) throws Exception {
        Object[] things = { new Dog(), new int[2], new String[0][0], Planet.EARTH, Planet.MERCURY, new ReflectionMix().new Inner(), new ArrayList<>() };
        for (Object o : things) {
            Class<?> c = o.getClass();
            System.out.println(c.getSimpleName() + " | " + c.getName() + " | super " + (c.getSuperclass() == null ? null : c.getSuperclass().getSimpleName()) + " | interfaces " + Arrays.stream(c.getInterfaces()).map(Class::getSimpleName).toList() + " | enum " + c.isEnum());
        }
        System.out.println(Arrays.toString(Animal.class.getInterfaces()) + " " + Arrays.toString(Greeter.class.getInterfaces()));
        Runnable local = new Runnable() { public void run() {} };
        class LocalThing {}
        System.out.println("[" + local.getClass().getSimpleName() + "] " + local.getClass().isAnonymousClass() + " " + LocalThing.class.getSimpleName() + " " + Dog.class.getName() + " " + int[].class.getSimpleName() + " " + Planet.EARTH.getDeclaringClass().getSimpleName());
        System.out.println(Planet.EARTH.describe() + " " + Planet.MERCURY.describe() + " " + String.format("%.2f", Planet.EARTH.gravity()) + " " + Planet.valueOf("EARTH").ordinal());
        List<Animal> zoo = new ArrayList<>(List.of(new Cat(), new Dog()));
        Collections.sort(zoo);
        System.out.println(zoo + " " + (zoo.get(0) instanceof Named) + " " + Comparable.class.isInstance(zoo.get(1)) + " " + Animal.class.isAssignableFrom(Cat.class));
        Greeter hi = n -> "hi " + n;
        System.out.println(hi.twice().greet("bob") + " " + new ReflectionMix().new Inner().v);
        Function<Integer, Function<Integer, Integer>> adder = a -> b -> a + b;
        System.out.println(adder.apply(3).apply(4) + " " + Optional.of("x").map(String::toUpperCase).orElse("none"));
        try {
            Object o = Class.forName("java.util.ArrayList");
            System.out.println(o + " " + Class.forName("ReflectionMix$Dog").getSimpleName());
            Class.forName("no.such.Clazz");
        } catch (ClassNotFoundException e) {
            System.out.println("CNFE " + e.getMessage());
        }
        try { Object x = "str"; Integer i = (Integer) x; } catch (ClassCastException e) { System.out.println(e.getMessage()); }
        StackTraceElement[] st = new Throwable().getStackTrace();
        System.out.println(st[0].getMethodName() + " " + st[0].getClassName() + " " + st.length);
        int[] counter = {0};
        Thread t = new Thread(() -> { counter[0] += Thread.currentThread().getName().length(); });
        t.start(); t.join();
        System.out.println(counter[0] + " " + Thread.currentThread().getName());
    }
}

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * java.lang.reflect on gcvm, against HotSpot: fields (every primitive type and references,
 * static and instance, widening get/set, illegal conversions, final fields, private fields made
 * accessible), methods (static, instance, overridden, interface default, varargs, exceptions
 * wrapped in InvocationTargetException, wrong arguments), constructors, Modifier, the toString
 * of members, getMethods with inherited methods, and the JDK's exception messages.
 * HotSpot's member order is unspecified, so lists are sorted before printing.
 */
public class Reflection {

    static class Holder {
        public boolean z = true;
        public byte b = -8;
        public char c = 'q';
        public short s = -300;
        public int i = 123456;
        public long j = 1L << 40;
        public float f = 1.5f;
        public double d = -2.25;
        public String str = "text";
        public Object obj;
        public static int counter = 7;
        public static String label = "static";
        public final int fixed = 11;
        public static final int CONSTANT = 12;
        private int secret = 42;
        protected transient volatile long flags;
    }

    interface Greeter {
        String name();

        default String greet(String whom) {
            return "Hello " + whom + " from " + name();
        }
    }

    static class Animal implements Greeter {
        protected final String kind;

        public Animal() {
            this("animal");
        }

        public Animal(String kind) {
            this.kind = kind;
        }

        public String name() {
            return kind;
        }

        public String sound() {
            return "...";
        }

        public static int add(int a, long b) {
            return (int) (a + b);
        }

        public static String join(String sep, String... parts) {
            return String.join(sep, parts);
        }

        private String hidden(int n) {
            return kind + "#" + n;
        }

        public void fail(String message) throws java.io.IOException {
            throw new java.io.IOException(message);
        }

        public int divide(int a, int b) {
            return a / b;
        }

        public double average(double... values) {
            double sum = 0;
            for (double v : values) {
                sum += v;
            }
            return values.length == 0 ? 0 : sum / values.length;
        }
    }

    static class Dog extends Animal {
        private static int made;

        public Dog() {
            super("dog");
            made++;
        }

        Dog(String name, int age) {
            super(name + "/" + age);
        }

        @Override
        public String sound() {
            return "woof";
        }
    }

    static abstract class Shape {
        public abstract double area();
    }

    enum Color { RED, GREEN }

    static class Exploding {
        public Exploding() {
            throw new IllegalStateException("constructor failed");
        }
    }

    public static void main(String[] args) throws Exception {
        fieldsOfEveryPrimitiveType();
        fieldWidening();
        fieldIllegalConversions();
        staticAndFinalFields();
        privateFieldsAndAccessibility();
        fieldToStrings();
        invokingMethods();
        invocationErrors();
        constructors();
        modifiers();
        memberToStrings();
        inheritedPublicMethods();
        lookupFailures();
        equalityOfMembers();
    }

    static void fieldsOfEveryPrimitiveType() throws Exception {
        System.out.println("== fields of every type");
        Holder h = new Holder();
        String[] names = {"z", "b", "c", "s", "i", "j", "f", "d", "str", "obj"};
        for (String n : names) {
            Field f = Holder.class.getField(n);
            Object v = f.get(h);
            System.out.println(n + ": " + f.getType() + " = " + v
                    + (v == null ? "" : " (" + v.getClass().getSimpleName() + ")"));
        }
        Holder.class.getField("z").setBoolean(h, false);
        Holder.class.getField("b").setByte(h, (byte) 100);
        Holder.class.getField("c").setChar(h, 'Z');
        Holder.class.getField("s").setShort(h, (short) 32000);
        Holder.class.getField("i").setInt(h, -5);
        Holder.class.getField("j").setLong(h, Long.MIN_VALUE);
        Holder.class.getField("f").setFloat(h, Float.NaN);
        Holder.class.getField("d").setDouble(h, 1e300);
        Holder.class.getField("str").set(h, "changed");
        Holder.class.getField("obj").set(h, List.of(1, 2));
        System.out.println(h.z + " " + h.b + " " + h.c + " " + h.s + " " + h.i + " " + h.j + " "
                + h.f + " " + h.d + " " + h.str + " " + h.obj);
        Holder.class.getField("i").set(h, Integer.valueOf(99));
        Holder.class.getField("d").set(h, 3.5);
        Holder.class.getField("obj").set(h, null);
        System.out.println(h.i + " " + h.d + " " + h.obj);
        System.out.println(Holder.class.getField("z").getBoolean(h) + " "
                + Holder.class.getField("b").getByte(h) + " "
                + Holder.class.getField("c").getChar(h) + " "
                + Holder.class.getField("s").getShort(h) + " "
                + Holder.class.getField("j").getLong(h) + " "
                + Holder.class.getField("f").getFloat(h));
    }

    static void fieldWidening() throws Exception {
        System.out.println("== widening");
        Holder h = new Holder();
        Field b = Holder.class.getField("b");
        Field c = Holder.class.getField("c");
        Field i = Holder.class.getField("i");
        Field j = Holder.class.getField("j");
        Field f = Holder.class.getField("f");
        System.out.println(b.getShort(h) + " " + b.getInt(h) + " " + b.getLong(h) + " "
                + b.getFloat(h) + " " + b.getDouble(h));
        System.out.println(c.getInt(h) + " " + c.getLong(h) + " " + c.getDouble(h));
        System.out.println(i.getLong(h) + " " + i.getFloat(h) + " " + i.getDouble(h));
        System.out.println(j.getFloat(h) + " " + j.getDouble(h) + " " + f.getDouble(h));
        j.setInt(h, -7);
        f.setLong(h, 1L << 50);
        Holder.class.getField("d").setChar(h, 'A');
        i.setShort(h, (short) -2);
        i.set(h, (byte) 5);
        j.set(h, 'x');
        System.out.println(h.j + " " + h.f + " " + h.d + " " + h.i);
        i.setShort(h, (short) -2);
        System.out.println(h.i);
    }

    static void fieldIllegalConversions() {
        System.out.println("== illegal conversions");
        Holder h = new Holder();
        attempt("getInt on long", () -> Holder.class.getField("j").getInt(h));
        attempt("getByte on char", () -> Holder.class.getField("c").getByte(h));
        attempt("getBoolean on int", () -> Holder.class.getField("i").getBoolean(h));
        attempt("getInt on String", () -> Holder.class.getField("str").getInt(h));
        attempt("getChar on byte", () -> Holder.class.getField("b").getChar(h));
        attempt("setLong on int", () -> Holder.class.getField("i").setLong(h, 5L));
        attempt("setDouble on float", () -> Holder.class.getField("f").setDouble(h, 0.5));
        attempt("setBoolean on int", () -> Holder.class.getField("i").setBoolean(h, true));
        attempt("setInt on Object", () -> Holder.class.getField("obj").setInt(h, 3));
        attempt("setChar on short", () -> Holder.class.getField("s").setChar(h, 'c'));
        attempt("set Long on int", () -> Holder.class.getField("i").set(h, 5L));
        attempt("set null on int", () -> Holder.class.getField("i").set(h, null));
        attempt("set Integer on String", () -> Holder.class.getField("str").set(h, 5));
        attempt("set String on boolean", () -> Holder.class.getField("z").set(h, "true"));
        attempt("get on wrong receiver", () -> Holder.class.getField("i").get("not a holder"));
        attempt("set on wrong receiver", () -> Holder.class.getField("str").set(1, "x"));
        attempt("get on null receiver", () -> Holder.class.getField("i").get(null));
    }

    static void staticAndFinalFields() throws Exception {
        System.out.println("== static and final");
        Field counter = Holder.class.getField("counter");
        Field label = Holder.class.getField("label");
        System.out.println(counter.get(null) + " " + counter.getInt("ignored") + " " + label.get(null));
        counter.setInt(null, 8);
        label.set(null, "relabelled");
        System.out.println(Holder.counter + " " + Holder.label);
        Holder h = new Holder();
        Field fixed = Holder.class.getField("fixed");
        Field constant = Holder.class.getField("CONSTANT");
        System.out.println(fixed.getInt(h) + " " + constant.get(null));
        attempt("set final instance", () -> fixed.set(h, 5));
        attempt("setInt final instance", () -> fixed.setInt(h, 5));
        attempt("setShort final instance", () -> fixed.setShort(h, (short) 5));
        attempt("set final instance null", () -> fixed.set(h, null));
        attempt("setInt static final", () -> constant.setInt(null, 5));
        fixed.setAccessible(true);
        fixed.setInt(h, 13);
        System.out.println("fixed via reflection: " + fixed.getInt(h));
        constant.setAccessible(true);
        attempt("set static final accessible", () -> constant.set(null, 5));
        attempt("setDouble static final accessible", () -> constant.setDouble(null, 5));
    }

    static void privateFieldsAndAccessibility() throws Exception {
        System.out.println("== private fields");
        Field secret = Holder.class.getDeclaredField("secret");
        Holder h = new Holder();
        System.out.println("nestmate reads private: " + secret.getInt(h));
        Field other = ReflectionSecrets.class.getDeclaredField("pin");
        ReflectionSecrets s = new ReflectionSecrets();
        System.out.println("canAccess before: " + other.canAccess(s));
        attempt("private of another class", () -> other.getInt(s));
        attempt("set private of another class", () -> other.setInt(s, 1));
        System.out.println("trySetAccessible: " + other.trySetAccessible());
        System.out.println("canAccess after: " + other.canAccess(s));
        other.setInt(s, 4321);
        System.out.println("after set: " + other.getInt(s) + " " + s.pinValue());
        other.setAccessible(false);
        attempt("private again", () -> other.get(s));
        Method m = ReflectionSecrets.class.getDeclaredMethod("reveal");
        attempt("private method of another class", () -> m.invoke(s));
        m.setAccessible(true);
        System.out.println("private method: " + m.invoke(s));
        Constructor<ReflectionSecrets> k = ReflectionSecrets.class.getDeclaredConstructor(int.class);
        attempt("private constructor", () -> k.newInstance(5));
        k.setAccessible(true);
        System.out.println("private constructor: " + k.newInstance(5).pinValue());
    }

    static void fieldToStrings() {
        System.out.println("== field toString");
        List<String> lines = new ArrayList<>();
        for (Field f : Holder.class.getDeclaredFields()) {
            lines.add(f.getName() + " -> " + f + " [" + f.getModifiers() + "]");
        }
        lines.sort(null);
        lines.forEach(System.out::println);
        List<String> pub = new ArrayList<>();
        for (Field f : Holder.class.getFields()) {
            pub.add(f.getName());
        }
        pub.sort(null);
        System.out.println("public: " + pub);
        for (Field f : Color.class.getDeclaredFields()) {
            if (f.isEnumConstant()) {
                System.out.println("enum constant " + f + " synthetic=" + f.isSynthetic());
            }
        }
    }

    static void invokingMethods() throws Exception {
        System.out.println("== invoke");
        Animal a = new Animal("cat");
        Animal d = new Dog();
        Method sound = Animal.class.getMethod("sound");
        System.out.println(sound.invoke(a) + " " + sound.invoke(d));
        Method name = Greeter.class.getMethod("name");
        System.out.println("interface method: " + name.invoke(d));
        Method greet = Greeter.class.getMethod("greet", String.class);
        System.out.println("default method: " + greet.invoke(a, "Bob") + " default=" + greet.isDefault());
        Method add = Animal.class.getMethod("add", int.class, long.class);
        System.out.println("static: " + add.invoke(null, 40, 2L) + " widened: "
                + add.invoke(null, (byte) 1, 'a') + " " + add.invoke(null, (short) 3, 4));
        Method join = Animal.class.getMethod("join", String.class, String[].class);
        System.out.println("varargs: " + join.isVarArgs() + " "
                + join.invoke(null, "-", new String[] {"a", "b", "c"}));
        Method average = Animal.class.getMethod("average", double[].class);
        System.out.println("double varargs: " + average.invoke(a, (Object) new double[] {1, 2, 4}));
        Method hidden = Animal.class.getDeclaredMethod("hidden", int.class);
        System.out.println("private: " + hidden.invoke(d, 3));
        Method hash = Object.class.getMethod("hashCode");
        System.out.println("Object.hashCode on String: " + hash.invoke("abc"));
        Method toStr = Object.class.getMethod("toString");
        System.out.println("Object.toString on Integer: " + toStr.invoke(12));
        Method compare = Comparable.class.getMethod("compareTo", Object.class);
        System.out.println("Comparable.compareTo: " + compare.invoke("b", "a"));
        Method length = String.class.getMethod("length");
        System.out.println("String.length: " + length.invoke("four") + " "
                + length.getReturnType() + " " + length.getDeclaringClass());
        Method valueOf = Integer.class.getMethod("valueOf", int.class);
        System.out.println("Integer.valueOf: " + valueOf.invoke(null, 77));
        Method made = Dog.class.getDeclaredMethod("sound");
        System.out.println("void result: " + Animal.class.getMethod("fail", String.class)
                .getReturnType() + " " + Holder.class.getClass());
        Object v = Reflection.class.getDeclaredMethod("nothing").invoke(null);
        System.out.println("void invoke returns " + v + ", Dog.sound " + made.invoke(d));
    }

    static void nothing() {
    }

    static void invocationErrors() throws Exception {
        System.out.println("== invocation errors");
        Animal a = new Animal();
        Method fail = Animal.class.getMethod("fail", String.class);
        try {
            fail.invoke(a, "disk full");
        } catch (InvocationTargetException e) {
            System.out.println("wrapped: " + e.getCause() + " message=" + e.getMessage()
                    + " same=" + (e.getCause() == e.getTargetException()));
        }
        Method divide = Animal.class.getMethod("divide", int.class, int.class);
        try {
            divide.invoke(a, 1, 0);
        } catch (InvocationTargetException e) {
            System.out.println("wrapped: " + e.getCause());
        }
        try {
            Exploding.class.getConstructor().newInstance();
        } catch (InvocationTargetException e) {
            System.out.println("constructor wrapped: " + e.getCause());
        }
        try {
            Exploding.class.newInstance();
        } catch (IllegalStateException e) {
            System.out.println("Class.newInstance unwrapped: " + e);
        }
        attempt("too few arguments", () -> divide.invoke(a, 1));
        attempt("too many arguments", () -> divide.invoke(a, 1, 2, 3));
        attempt("no arguments array", () -> divide.invoke(a, (Object[]) null));
        attempt("String for int", () -> divide.invoke(a, "1", 2));
        attempt("long for int", () -> divide.invoke(a, 1L, 2));
        attempt("null for int", () -> divide.invoke(a, null, 2));
        attempt("Integer for String", () -> fail.invoke(a, 5));
        attempt("wrong receiver", () -> divide.invoke("a string", 1, 2));
        attempt("null receiver", () -> divide.invoke(null, 1, 2));
        Method sound = Animal.class.getMethod("sound");
        sound.setAccessible(true);
        attempt("null receiver, accessible", () -> sound.invoke(null));
        attempt("static ignores receiver", () -> Animal.class.getMethod("add", int.class, long.class)
                .invoke("whatever", 1, 2));
        attempt("abstract class", () -> Shape.class.getDeclaredConstructor().newInstance());
        attempt("enum constructor", () -> Color.class.getDeclaredConstructors()[0]
                .newInstance("BLUE", 2));
        attempt("interface newInstance", () -> Greeter.class.newInstance());
    }

    static void constructors() throws Exception {
        System.out.println("== constructors");
        Constructor<Animal> c = Animal.class.getConstructor(String.class);
        Animal a = c.newInstance("horse");
        System.out.println(a.name() + " " + c.getParameterCount() + " " + c.getName()
                + " " + c.getDeclaringClass().getSimpleName());
        Constructor<Dog> dc = Dog.class.getDeclaredConstructor(String.class, int.class);
        System.out.println(dc.newInstance("rex", 3).name() + " " + dc);
        Dog viaClass = Dog.class.getDeclaredConstructor().newInstance();
        System.out.println(viaClass.sound() + " made=" + Dog.made);
        Animal legacy = Animal.class.newInstance();
        System.out.println("Class.newInstance: " + legacy.name());
        List<String> all = new ArrayList<>();
        for (Constructor<?> k : Dog.class.getDeclaredConstructors()) {
            all.add(k.toString());
        }
        all.sort(null);
        System.out.println("Dog declared: " + all);
        System.out.println("Dog public: " + Dog.class.getConstructors().length);
        System.out.println("interface: " + Greeter.class.getConstructors().length
                + " array: " + int[].class.getDeclaredConstructors().length);
        StringBuilder sb = StringBuilder.class.getConstructor(String.class).newInstance("sb");
        System.out.println("library class: " + sb.append('!'));
    }

    static void modifiers() throws Exception {
        System.out.println("== Modifier");
        int[] samples = {0, Modifier.PUBLIC, Modifier.PRIVATE | Modifier.STATIC | Modifier.FINAL,
            Modifier.PROTECTED | Modifier.ABSTRACT, Modifier.TRANSIENT | Modifier.VOLATILE,
            Modifier.SYNCHRONIZED | Modifier.NATIVE | Modifier.STRICT,
            Modifier.INTERFACE | Modifier.ABSTRACT | Modifier.PUBLIC, 0xFFF, 0x7FFF};
        for (int m : samples) {
            System.out.println(m + " -> \"" + Modifier.toString(m) + "\" public="
                    + Modifier.isPublic(m) + " static=" + Modifier.isStatic(m)
                    + " interface=" + Modifier.isInterface(m));
        }
        System.out.println(Modifier.methodModifiers() + " " + Modifier.fieldModifiers() + " "
                + Modifier.constructorModifiers() + " " + Modifier.classModifiers() + " "
                + Modifier.interfaceModifiers() + " " + Modifier.parameterModifiers());
        System.out.println("Reflection: " + Modifier.toString(Reflection.class.getModifiers()));
        System.out.println("Runnable: " + Modifier.toString(Runnable.class.getModifiers()));
        System.out.println("int[]: " + Modifier.toString(int[].class.getModifiers()));
        System.out.println("String[]: " + String[].class.getModifiers()
                + " int: " + int.class.getModifiers() + " Override: "
                + Override.class.isAnnotation() + " " + String.class.isAnnotation());
        System.out.println("Integer: " + Integer.class.getModifiers());
    }

    static void memberToStrings() throws Exception {
        System.out.println("== member toString");
        printSorted("Animal methods", Animal.class.getDeclaredMethods());
        printSorted("Greeter methods", Greeter.class.getDeclaredMethods());
        printSorted("Animal constructors", Animal.class.getDeclaredConstructors());
        System.out.println(Reflection.class.getMethod("main", String[].class));
        System.out.println(Object.class.getMethod("wait", long.class, int.class));
        System.out.println(Object.class.getDeclaredMethod("clone"));
        Method m = Animal.class.getMethod("fail", String.class);
        System.out.println(Arrays.toString(m.getExceptionTypes()) + " "
                + Arrays.toString(m.getParameterTypes()) + " " + m.getParameterCount());
    }

    static void inheritedPublicMethods() throws Exception {
        System.out.println("== getMethods");
        printSortedNames("Dog", Dog.class.getMethods());
        printSortedNames("Greeter", Greeter.class.getMethods());
        printSortedNames("Runnable", Runnable.class.getMethods());
        Method sound = Dog.class.getMethod("sound");
        System.out.println("Dog.sound declared by " + sound.getDeclaringClass().getSimpleName());
        Method greet = Dog.class.getMethod("greet", String.class);
        System.out.println("Dog.greet declared by " + greet.getDeclaringClass().getSimpleName());
        Method add = Dog.class.getMethod("add", int.class, long.class);
        System.out.println("inherited static: " + add.invoke(null, 1, 1L));
        System.out.println("Dog declared: " + Dog.class.getDeclaredMethods().length
                + " Dog.made field: " + Dog.class.getDeclaredField("made").getType());
    }

    static void lookupFailures() {
        System.out.println("== lookup failures");
        attempt("getMethod missing", () -> Animal.class.getMethod("fly", int.class, String[].class));
        attempt("getMethod no params", () -> Animal.class.getMethod("fly"));
        attempt("getMethod private", () -> Animal.class.getMethod("hidden", int.class));
        attempt("getDeclaredMethod inherited", () -> Dog.class.getDeclaredMethod("name"));
        attempt("getDeclaredMethod wrong params", () -> Animal.class.getDeclaredMethod("add", int.class, int.class));
        attempt("getConstructor missing", () -> Animal.class.getConstructor(int.class));
        attempt("getConstructor not public", () -> Dog.class.getConstructor(String.class, int.class));
        attempt("getDeclaredConstructor missing", () -> Dog.class.getDeclaredConstructor(Object.class, long[].class));
        attempt("getField missing", () -> Holder.class.getField("nope"));
        attempt("getField private", () -> Holder.class.getField("secret"));
        attempt("getDeclaredField inherited", () -> Dog.class.getDeclaredField("kind"));
        attempt("getMethod null name", () -> Animal.class.getMethod(null));
    }

    static void equalityOfMembers() throws Exception {
        System.out.println("== equality");
        Method a = Animal.class.getMethod("sound");
        Method b = Animal.class.getMethod("sound");
        Method c = Dog.class.getMethod("sound");
        System.out.println((a == b) + " " + a.equals(b) + " " + (a.hashCode() == b.hashCode())
                + " " + a.equals(c));
        Field f1 = Holder.class.getField("i");
        Field f2 = Holder.class.getDeclaredField("i");
        System.out.println(f1.equals(f2) + " " + f1.equals(Holder.class.getField("j")));
        Constructor<Animal> k1 = Animal.class.getConstructor();
        System.out.println(k1.equals(Animal.class.getDeclaredConstructor()) + " "
                + k1.equals(Animal.class.getConstructor(String.class)));
    }

    // ---- helpers ----

    interface Action {
        Object run() throws Exception;
    }

    interface VoidAction {
        void run() throws Exception;
    }

    static void attempt(String what, VoidAction action) {
        try {
            action.run();
            System.out.println(what + ": done");
        } catch (Exception e) {
            System.out.println(what + ": " + e);
        }
    }

    static void attempt(String what, Action action) {
        try {
            System.out.println(what + ": returned " + action.run());
        } catch (Exception e) {
            System.out.println(what + ": " + e);
        }
    }

    static void printSorted(String title, Object[] members) {
        List<String> lines = new ArrayList<>();
        for (Object m : members) {
            lines.add(m.toString());
        }
        lines.sort(null);
        System.out.println(title + ":");
        for (String l : lines) {
            System.out.println("  " + l);
        }
    }

    static void printSortedNames(String title, Method[] methods) {
        Method[] sorted = methods.clone();
        Arrays.sort(sorted, Comparator.comparing(Method::getName)
                .thenComparing(m -> Arrays.toString(m.getParameterTypes())));
        StringBuilder sb = new StringBuilder(title + " (" + sorted.length + "):");
        for (Method m : sorted) {
            sb.append(' ').append(m.getName()).append('/').append(m.getParameterCount())
                    .append('@').append(m.getDeclaringClass().getSimpleName());
        }
        System.out.println(sb);
    }
}

/** A separate top-level class: its private members are not accessible to Reflection. */
class ReflectionSecrets {
    private int pin = 1234;

    ReflectionSecrets() {
    }

    private ReflectionSecrets(int pin) {
        this.pin = pin;
    }

    int pinValue() {
        return pin;
    }

    private String reveal() {
        return "the pin is " + pin;
    }
}

/**
 * Calls of trivial bodies, which gcvm's interpreter runs in place without pushing a frame
 * (runtime/interp/src/link/quicken.rs, `trivial_shape`): empty methods, constructors that only call
 * an empty super constructor, and getters of a receiver's field of every kind — each called
 * often enough to be quickened, through every invoke instruction, with overriding subclasses,
 * null receivers, class initialisation on the first call, and allocation and collection around
 * them.
 */
public class TrivialCalls {
    interface Valued {
        int value();
    }

    static class Box implements Valued {
        boolean z = true;
        byte b = -5;
        char c = '\uffee';
        short s = -300;
        int i = 42;
        long j = -1234567890123L;
        float f = 1.25f;
        double d = -2.5e300;
        Object o = "payload";
        Box next;

        boolean z() { return z; }
        byte b() { return b; }
        char c() { return c; }
        short s() { return s; }
        int i() { return i; }
        long j() { return j; }
        float f() { return f; }
        double d() { return d; }
        Object o() { return o; }
        Box next() { return next; }
        public int value() { return i; }
        final int finalGetter() { return i; }
        private int privateGetter() { return i; }
        void empty() { }
        static void emptyStatic() { }
        synchronized void emptySynchronized() { }
        int privateOf(Box other) { return other.privateGetter(); }
    }

    // Overrides a getter with a body that is not trivial, and one trivial getter with another.
    static class Doubled extends Box {
        int i() { return i * 2; }
        public int value() { return s; }
    }

    static class Plain { }
    static class PlainChild extends Plain { PlainChild() { super(); } }
    static class Initialised { int x = 9; Initialised() { } }
    static class Counted { static int made; Counted() { made++; } }

    static class Lazy {
        static { System.out.println("Lazy initialised"); }
        static void noop() { }
    }

    static class LazyGetterHolder {
        static { System.out.println("LazyGetterHolder initialised"); }
        int v = 3;
        int v() { return v; }
        static LazyGetterHolder make() { return new LazyGetterHolder(); }
    }

    public static void main(String[] args) {
        gettersOfEveryKind();
        overridesAndInterfaces();
        emptyMethodsAndConstructors();
        nullReceivers();
        initialisationOnFirstCall();
        allocationAroundTrivialCalls();
    }

    static void gettersOfEveryKind() {
        Box box = new Box();
        long sum = 0;
        double dsum = 0;
        for (int k = 0; k < 1000; k++) {
            sum += (box.z() ? 1 : 0) + box.b() + box.c() + box.s() + box.i() + box.j();
            dsum += box.f() + box.d() / 1e300;
            sum += box.finalGetter() + box.privateOf(box) + ((String) box.o()).length();
        }
        System.out.println("getters " + sum + " " + dsum);
        System.out.println(box.z() + " " + box.b() + " " + (int) box.c() + " " + box.s() + " "
                + box.i() + " " + box.j() + " " + box.f() + " " + box.d() + " " + box.o() + " "
                + box.next());
        box.b = Byte.MIN_VALUE;
        box.s = Short.MIN_VALUE;
        box.c = Character.MAX_VALUE;
        box.z = false;
        box.o = null;
        box.next = box;
        System.out.println(box.z() + " " + box.b() + " " + (int) box.c() + " " + box.s() + " "
                + box.o() + " " + (box.next() == box));
    }

    static void overridesAndInterfaces() {
        Box[] boxes = {new Box(), new Doubled(), new Box(), new Doubled()};
        Valued[] valued = {boxes[0], boxes[1], () -> 77};
        long sum = 0;
        for (int k = 0; k < 1000; k++) {
            Box box = boxes[k & 3];
            sum += box.i() + box.value() + valued[k % 3].value();
        }
        System.out.println("overrides " + sum);
    }

    static void emptyMethodsAndConstructors() {
        Box box = new Box();
        int made = 0;
        for (int k = 0; k < 1000; k++) {
            box.empty();
            Box.emptyStatic();
            box.emptySynchronized();
            Plain p = new Plain();
            PlainChild c = new PlainChild();
            Initialised in = new Initialised();
            new Counted();
            if (p != null && c != null && in.x == 9) {
                made++;
            }
        }
        System.out.println("constructed " + made + " counted " + Counted.made);
    }

    static void nullReceivers() {
        Box[] boxes = {new Box(), null};
        int thrown = 0;
        for (int k = 0; k < 100; k++) {
            Box box = boxes[k & 1];
            try {
                box.i();
            } catch (NullPointerException e) {
                thrown++;
                if (k == 1) {
                    System.out.println("getter on null: " + e.getStackTrace()[0].getMethodName());
                }
            }
            try {
                box.empty();
            } catch (NullPointerException e) {
                thrown++;
                if (k == 1) {
                    System.out.println("empty on null: " + e.getStackTrace()[0].getMethodName());
                }
            }
            try {
                ((Valued) box).value();
            } catch (NullPointerException e) {
                thrown++;
            }
        }
        System.out.println("null receivers threw " + thrown);
    }

    static void initialisationOnFirstCall() {
        System.out.println("before Lazy");
        for (int k = 0; k < 3; k++) {
            Lazy.noop();
        }
        System.out.println("before LazyGetterHolder");
        int sum = 0;
        for (int k = 0; k < 3; k++) {
            sum += LazyGetterHolder.make().v();
        }
        System.out.println("lazy sum " + sum);
    }

    // Getters return references while collections move the objects (the conformance suite also
    // runs every program under --gc-stress).
    static void allocationAroundTrivialCalls() {
        Box head = null;
        for (int k = 0; k < 2000; k++) {
            Box box = new Box();
            box.i = k;
            box.o = new int[k % 17];
            box.next = head;
            head = box;
        }
        long sum = 0;
        int length = 0;
        for (Box b = head; b != null; b = b.next()) {
            sum += b.i() + ((int[]) b.o()).length;
            length++;
        }
        System.out.println("list " + length + " " + sum);
    }
}

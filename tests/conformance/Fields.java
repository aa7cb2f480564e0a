// Fields: static and instance fields of every primitive type and reference
// type: default values, getstatic/putstatic/getfield/putfield for each
// type, field shadowing (same name in subclass, access via super and
// casts), static fields shared between instances, final instance fields set
// in constructors, instance initializer blocks and field initializer order,
// fields accessed through null -> NullPointerException.
public class Fields {
    static boolean sz;
    static byte sb;
    static short ss;
    static char sc;
    static int si;
    static long sl;
    static float sf;
    static double sd;
    static String sstr;
    static int[] sarr;

    boolean z;
    byte b;
    short s;
    char c;
    int i;
    long l;
    float f;
    double d;
    Object o;
    long[] la;

    static int instances;
    final int id;
    String trace = "field-init;";
    int initOrder = nextOrder("initOrder");

    {
        trace += "block1;";
    }

    static int orderCounter;
    static int nextOrder(String what) { return ++orderCounter; }

    Fields() {
        id = ++instances;
        trace += "ctor;";
    }

    {
        trace += "block2;";
    }

    static class Base {
        int x = 1;
        static String name = "Base";
        int getX() { return x; }
    }

    static class Derived extends Base {
        int x = 2;              // shadows Base.x
        static String name = "Derived";
        int superX() { return super.x; }
        int bothX() { return x * 10 + ((Base) this).x; }
    }

    public static void main(String[] args) {
        System.out.println("static defaults: " + sz + " " + sb + " " + ss + " " + (int) sc + " " + si + " " + sl + " "
                + sf + " " + sd + " " + sstr + " " + sarr);
        Fields f = new Fields();
        System.out.println("instance defaults: " + f.z + " " + f.b + " " + f.s + " " + (int) f.c + " " + f.i + " " + f.l
                + " " + f.f + " " + f.d + " " + f.o + " " + f.la);
        System.out.println("trace: " + f.trace + " id " + f.id + " initOrder " + f.initOrder);

        sz = true; sb = -100; ss = -30000; sc = 'Q'; si = 123456; sl = -9876543210L; sf = 1.25f; sd = -2.5e-3;
        sstr = "static"; sarr = new int[]{1, 2, 3};
        System.out.println("statics: " + sz + " " + sb + " " + ss + " " + sc + " " + si + " " + sl + " " + sf + " " + sd
                + " " + sstr + " " + sarr.length);

        f.z = true; f.b = (byte) 200; f.s = (short) 70000; f.c = '\u00e9'; f.i = -1; f.l = Long.MIN_VALUE;
        f.f = Float.MAX_VALUE; f.d = Double.MIN_VALUE; f.o = "obj"; f.la = new long[]{7L};
        System.out.println("instance: " + f.z + " " + f.b + " " + f.s + " " + (int) f.c + " " + f.i + " " + f.l + " "
                + f.f + " " + f.d + " " + f.o + " " + f.la[0]);

        // arithmetic through fields
        f.i += 10; f.l -= 1; f.b++; f.s--; f.c++; f.f /= 2; f.d *= 2; f.la[0] <<= 60;
        sb += 100; ss -= 10000; sc += 2; si *= -3; sl /= 7; sf -= 0.25f; sd *= 1000;
        System.out.println("after ops: " + f.i + " " + f.l + " " + f.b + " " + f.s + " " + (int) f.c + " " + f.f + " "
                + f.d + " " + f.la[0] + " | " + sb + " " + ss + " " + sc + " " + si + " " + sl + " " + sf + " " + sd);

        Fields g = new Fields();
        Fields h = new Fields();
        System.out.println("ids " + f.id + " " + g.id + " " + h.id + " instances " + instances + " order " + g.initOrder + " " + h.initOrder);
        g.i = 5;
        System.out.println("independent instance fields: " + f.i + " " + g.i + " " + h.i);

        Derived dv = new Derived();
        Base asBase = dv;
        System.out.println("shadowing: dv.x=" + dv.x + " asBase.x=" + asBase.x + " superX=" + dv.superX()
                + " getX=" + dv.getX() + " both=" + dv.bothX() + " names " + Base.name + " " + Derived.name);
        dv.x = 20;
        asBase.x = 10;
        System.out.println("after set: " + dv.x + " " + ((Base) dv).x + " " + dv.bothX());

        Fields nul = null;
        try {
            System.out.println(nul.i);
        } catch (NullPointerException e) {
            System.out.println("getfield on null -> NPE");
        }
        try {
            nul.l = 5;
        } catch (NullPointerException e) {
            System.out.println("putfield on null -> NPE");
        }

        // many objects with fields, summed
        Fields[] many = new Fields[100];
        for (int k = 0; k < many.length; k++) {
            many[k] = new Fields();
            many[k].l = (long) k * k * k;
            many[k].d = k / 4.0;
            many[k].c = (char) ('a' + k % 26);
        }
        long lsum = 0;
        double dsum = 0;
        StringBuilder chars = new StringBuilder();
        for (Fields m : many) {
            lsum += m.l;
            dsum += m.d;
            if (m.id % 10 == 0) chars.append(m.c);
        }
        System.out.println("sums " + lsum + " " + dsum + " " + chars + " instances " + instances);
    }
}

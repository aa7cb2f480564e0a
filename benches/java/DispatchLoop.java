// Dispatch-heavy interpreter benchmarks: a tight arithmetic loop and a call-heavy loop.
public class DispatchLoop {
    static int add(int a, int b) { return a + b; }

    interface Shape { int area(); }
    static final class Square implements Shape { final int s; Square(int s) { this.s = s; } public int area() { return s * s; } }
    static final class Rect implements Shape { final int w, h; Rect(int w, int h) { this.w = w; this.h = h; } public int area() { return w * h; } }

    static long arithmetic(int n) {
        long acc = 0;
        for (int i = 0; i < n; i++) {
            acc += (i * 31) ^ (i >>> 3);
            if ((i & 7) == 0) acc -= i;
        }
        return acc;
    }

    static long calls(int n) {
        Shape[] shapes = { new Square(3), new Rect(2, 5) };
        long acc = 0;
        for (int i = 0; i < n; i++) {
            acc = add((int) acc, shapes[i & 1].area()) & 0xffffff;
        }
        return acc;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[1]);
        long r = args[0].equals("arith") ? arithmetic(n) : calls(n);
        if (r == 42) System.out.println(r);
    }
}

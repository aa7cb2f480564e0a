// For `gcvm activity` on a real run: spin() runs nearly every instruction and allocates
// nothing; churn() allocates nearly every byte (256-byte arrays, enough to make a small heap
// collect) and runs few instructions.
public class Hot {
    static long spin(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += i ^ (s >>> 3);
        }
        return s;
    }

    static Object churn(int n) {
        Object keep = null;
        for (int i = 0; i < n; i++) {
            keep = new byte[256];
        }
        return keep;
    }

    public static void main(String[] args) {
        int rounds = Integer.parseInt(args[0]);
        long s = 0;
        for (int r = 0; r < rounds; r++) {
            s += spin(100_000);
            s += churn(2_000).hashCode() & 1;
        }
        System.out.println(s);
    }
}

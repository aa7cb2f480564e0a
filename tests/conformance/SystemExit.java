// SystemExit: System.exit(3) called from inside try/finally (and from a
// nested call inside a loop) halts the VM immediately with status 3: the
// enclosing finally blocks do NOT run, code after the call never runs, and
// stdout printed before the call (incl. print without a newline) is
// flushed.
public class SystemExit {
    static void finish(int code) {
        try {
            System.out.println("exiting with " + code);
            System.exit(code);
            System.out.println("after exit (must not print)");
        } finally {
            System.out.println("inner finally (must not print)");
        }
    }

    public static void main(String[] args) {
        int sum = 0;
        try {
            for (int i = 0; i < 10; i++) {
                sum += i;
                System.out.println("i=" + i + " sum=" + sum);
                if (sum > 10) {
                    System.out.print("about to exit... ");
                    try {
                        finish(3);
                    } catch (Throwable t) {
                        System.out.println("caught (must not print) " + t);
                    }
                }
            }
        } finally {
            System.out.println("outer finally (must not print)");
        }
        System.out.println("end (must not print)");
    }
}

// UncaughtException: a RuntimeException thrown from a nested call and never
// caught terminates the program with exit status 1 and a stack trace on
// stderr, after finally blocks on the way out have run; everything printed
// to stdout before (incl. output from those finally blocks and text
// written with print without a newline) is flushed and appears.
public class UncaughtException {
    static class ValidationException extends RuntimeException {
        ValidationException(String msg, Throwable cause) { super(msg, cause); }
    }

    static int parse(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new ValidationException("bad number: " + s, e);
        }
    }

    static int level3(String s) {
        try {
            return parse(s) * 2;
        } finally {
            System.out.println("finally in level3 for " + s);
        }
    }

    static int level2(String s) { return level3(s) + 1; }

    static int level1(String s) {
        int r = level2(s);
        System.out.println("level1 got " + r);
        return r;
    }

    public static void main(String[] args) {
        System.out.println("start");
        int total = 0;
        String[] inputs = {"1", "20", "300", "oops", "5"};
        for (String in : inputs) {
            total += level1(in);
            System.out.println("total so far " + total);
        }
        System.out.println("never printed");
    }

    static {
        System.out.print("static init without newline; ");
    }
}

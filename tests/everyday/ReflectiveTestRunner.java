import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * A reflection-driven test runner as a new user would write one: it finds the public no-argument
 * instance methods whose name starts with "test" in each test class, runs each on a fresh
 * instance (made with getDeclaredConstructor().newInstance()) after its setUp method, and reports
 * pass, fail (the cause of the InvocationTargetException) or skip, then a summary. Methods are
 * sorted by name first, since reflection's order is unspecified.
 */
public class ReflectiveTestRunner {

    /** The code under test. */
    static class Stack {
        private final List<Integer> items = new ArrayList<>();

        void push(int v) {
            items.add(v);
        }

        int pop() {
            if (items.isEmpty()) {
                throw new IllegalStateException("pop on an empty stack");
            }
            return items.remove(items.size() - 1);
        }

        int size() {
            return items.size();
        }
    }

    static void check(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }

    public static class StackTests {
        private Stack stack;
        static int setUps;

        public void setUp() {
            stack = new Stack();
            setUps++;
        }

        public void testPushThenPop() {
            stack.push(1);
            stack.push(2);
            check(stack.pop() == 2, "last in, first out");
        }

        public void testSizeCountsPushes() {
            for (int i = 0; i < 5; i++) {
                stack.push(i);
            }
            check(stack.size() == 5, "size after 5 pushes");
        }

        public void testPopOnEmptyThrows() {
            stack.pop(); // the test has a bug: it does not expect the exception
        }

        public void testDeliberatelyWrong() {
            stack.push(3);
            check(stack.size() == 2, "expected 2 items but found " + stack.size());
        }

        public void testEachTestGetsAFreshInstance() {
            check(stack.size() == 0, "state leaked between tests");
        }

        public void testWithParameter(int n) {
            // not runnable: takes a parameter
        }

        public static void testStaticIsSkipped() {
        }

        private void testPrivateIsIgnored() {
        }

        public void helperNotATest() {
            throw new RuntimeException("must not run");
        }
    }

    public static class ArithmeticTests {
        public void testIntegerOverflowWraps() {
            check(Integer.MAX_VALUE + 1 == Integer.MIN_VALUE, "wraps");
        }

        public void testDivisionByZero() {
            int zero = 0;
            System.out.println("    computing " + (10 / zero));
        }

        public void testNullDereference() {
            String s = null;
            check(s.length() == 0, "unreachable");
        }

        public void testCheckedExceptionSurfaces() throws Exception {
            throw new java.io.IOException("file is gone");
        }

        public void testStringFormat() {
            check(String.format("%05.1f", 3.14159).equals("003.1"), "format");
        }
    }

    static int passed;
    static int failed;
    static int skipped;

    public static void main(String[] args) throws Exception {
        Class<?>[] suites = {StackTests.class, ArithmeticTests.class};
        for (Class<?> suite : suites) {
            runSuite(suite);
        }
        System.out.println("setUp ran " + StackTests.setUps + " times");
        System.out.println(passed + " passed, " + failed + " failed, " + skipped + " skipped");
    }

    static void runSuite(Class<?> suite) throws Exception {
        System.out.println(suite.getSimpleName() + ":");
        Method[] methods = suite.getDeclaredMethods();
        Arrays.sort(methods, Comparator.comparing(Method::getName));
        Method setUp = findSetUp(suite);
        for (Method m : methods) {
            if (!m.getName().startsWith("test")) {
                continue;
            }
            int mods = m.getModifiers();
            if (!Modifier.isPublic(mods)) {
                continue;
            }
            if (Modifier.isStatic(mods) || m.getParameterCount() != 0) {
                System.out.println("  SKIP " + m.getName() + " (" + m + ")");
                skipped++;
                continue;
            }
            runTest(suite, setUp, m);
        }
    }

    static Method findSetUp(Class<?> suite) {
        try {
            return suite.getMethod("setUp");
        } catch (NoSuchMethodException e) {
            System.out.println("  (no setUp: " + e.getMessage() + ")");
            return null;
        }
    }

    static void runTest(Class<?> suite, Method setUp, Method test) throws Exception {
        Object instance = suite.getDeclaredConstructor().newInstance();
        try {
            if (setUp != null) {
                setUp.invoke(instance);
            }
            test.invoke(instance);
            System.out.println("  PASS " + test.getName());
            passed++;
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            String kind = cause instanceof AssertionError ? "FAIL" : "ERROR";
            System.out.println("  " + kind + " " + test.getName() + ": " + cause);
            failed++;
        }
    }
}

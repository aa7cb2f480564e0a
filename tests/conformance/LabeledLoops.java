// LabeledLoops: labeled break and continue out of nested for/while/do
// loops and out of labeled blocks, break out of a switch inside a loop vs.
// break of the loop, continue in do-while re-evaluating the condition,
// labeled loops with finally blocks (finally runs on break/continue), loops
// over arrays with early exits, and classic nested-loop algorithms (prime
// sieve, search in a matrix, bubble sort with early termination).
public class LabeledLoops {
    static String findInMatrix(int[][] m, int target) {
        int r = -1, c = -1;
        search:
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                if (m[i][j] == target) { r = i; c = j; break search; }
            }
        }
        return r < 0 ? "absent" : "(" + r + "," + c + ")";
    }

    public static void main(String[] args) {
        int[][] m = new int[6][7];
        for (int i = 0; i < 6; i++) for (int j = 0; j < 7; j++) m[i][j] = i * j + i + j;
        System.out.println("find 20: " + findInMatrix(m, 20) + " find 41: " + findInMatrix(m, 41) + " find 1000: " + findInMatrix(m, 1000));

        // continue outer
        StringBuilder sb = new StringBuilder();
        outer:
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                if (j > i) continue outer;
                if ((i + j) % 4 == 3) continue;
                sb.append(i).append(j).append(' ');
            }
        }
        System.out.println("continue outer: " + sb.toString().trim());

        // labeled while / do-while
        int count = 0;
        int i = 0;
        loopA:
        while (true) {
            i++;
            int j = 0;
            do {
                j++;
                if (j == 3) continue;          // goes to the do-while condition
                if (i * j > 40) break loopA;
                if (j > i) continue loopA;
                count += j;
            } while (j < 10);
        }
        System.out.println("while/do-while: i=" + i + " count=" + count);

        // labeled block (not a loop)
        int found = -1;
        block:
        {
            for (int k = 2; k < 100; k++) {
                if (k * k > 50) { found = k; break block; }
            }
            found = -2;   // skipped
        }
        System.out.println("labeled block: " + found);

        // switch inside loop: plain break leaves only the switch
        sb.setLength(0);
        scan:
        for (char ch : "ab;cd!ef".toCharArray()) {
            switch (ch) {
                case ';': sb.append("[semi]"); break;
                case '!': sb.append("[bang]"); break scan;
                default: sb.append(ch);
            }
            sb.append('.');
        }
        System.out.println("switch in loop: " + sb);

        // finally runs on labeled break/continue
        sb.setLength(0);
        fin:
        for (int a = 0; a < 4; a++) {
            for (int b = 0; b < 4; b++) {
                try {
                    if (b == 1) continue fin;
                    if (a == 2) break fin;
                    sb.append("body").append(a).append(b).append(' ');
                } finally {
                    sb.append("fin").append(a).append(b).append(' ');
                }
            }
        }
        System.out.println("finally: " + sb.toString().trim());

        // sieve
        boolean[] composite = new boolean[200];
        int primes = 0, lastPrime = 0;
        for (int p = 2; p < composite.length; p++) {
            if (composite[p]) continue;
            primes++;
            lastPrime = p;
            for (int q = p * p; q < composite.length; q += p) composite[q] = true;
        }
        System.out.println("primes below 200: " + primes + " last " + lastPrime);

        // bubble sort with early termination and pass counting
        int[] arr = {5, 1, 4, 2, 8, 0, 9, 3, 7, 6};
        int passes = 0;
        sorting:
        while (true) {
            passes++;
            boolean swapped = false;
            for (int x = 0; x + 1 < arr.length; x++) {
                if (arr[x] > arr[x + 1]) { int t = arr[x]; arr[x] = arr[x + 1]; arr[x + 1] = t; swapped = true; }
            }
            if (!swapped) break sorting;
        }
        System.out.println("bubble " + java.util.Arrays.toString(arr) + " passes " + passes);

        // triple nesting: first Pythagorean triples
        sb.setLength(0);
        int triples = 0;
        triple:
        for (int a = 1; a < 50; a++) {
            for (int b = a; b < 50; b++) {
                for (int c = b; c < 75; c++) {
                    if (a * a + b * b == c * c) {
                        sb.append(a).append('-').append(b).append('-').append(c).append(' ');
                        if (++triples == 8) break triple;
                        continue triple;   // only the first triple per a
                    }
                    if (c * c > a * a + b * b) break;
                }
            }
        }
        System.out.println("triples: " + sb.toString().trim());
    }
}

/**
 * fannkuch-redux (the Computer Language Benchmarks Game, sequential version): every permutation
 * of 1..n, counting the flips of the pancake-flipping game. Int arrays, array element loads and
 * stores, tight int loops. Default n = 10.
 */
public class FannkuchRedux {
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int[] perm = new int[n];
        int[] perm1 = new int[n];
        int[] count = new int[n];
        for (int i = 0; i < n; i++) {
            perm1[i] = i;
        }
        int maxFlips = 0;
        int checksum = 0;
        int permCount = 0;
        int r = n;
        while (true) {
            while (r != 1) {
                count[r - 1] = r;
                r--;
            }
            for (int i = 0; i < n; i++) {
                perm[i] = perm1[i];
            }
            int flips = 0;
            int k;
            while ((k = perm[0]) != 0) {
                int k2 = (k + 1) >> 1;
                for (int i = 0; i < k2; i++) {
                    int t = perm[i];
                    perm[i] = perm[k - i];
                    perm[k - i] = t;
                }
                flips++;
            }
            if (flips > maxFlips) {
                maxFlips = flips;
            }
            checksum += (permCount % 2 == 0) ? flips : -flips;
            while (true) {
                if (r == n) {
                    System.out.println(checksum);
                    System.out.println("Pfannkuchen(" + n + ") = " + maxFlips);
                    return;
                }
                int perm0 = perm1[0];
                for (int i = 0; i < r; i++) {
                    perm1[i] = perm1[i + 1];
                }
                perm1[r] = perm0;
                count[r]--;
                if (count[r] > 0) {
                    break;
                }
                r++;
            }
            permCount++;
        }
    }
}

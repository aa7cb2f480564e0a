package java.util;

import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.UnaryOperator;

/**
 * Array utilities. Sorting primitives gives the JDK's results (floating-point arrays use the
 * Double.compare/Float.compare total order: -0.0 before 0.0, NaN last); object sorting is a
 * stable merge sort, so results equal the JDK's TimSort for any consistent comparator (the
 * sequence of compare calls differs). No streams or spliterators.
 *
 * <p>Longer than gcvm's 1,500-line bound for a file on purpose: a public class is one file in
 * Java, and this one carries the JDK's API, one overload per element type.
 */
public final class Arrays {

    private static final int INSERTION_SORT_THRESHOLD = 16;

    private Arrays() {
    }

    static void rangeCheck(int arrayLength, int fromIndex, int toIndex) {
        if (fromIndex > toIndex) {
            throw new IllegalArgumentException(
                    "fromIndex(" + fromIndex + ") > toIndex(" + toIndex + ")");
        }
        if (fromIndex < 0) {
            throw new ArrayIndexOutOfBoundsException(fromIndex);
        }
        if (toIndex > arrayLength) {
            throw new ArrayIndexOutOfBoundsException(toIndex);
        }
    }
    public static void fill(long[] a, long val) {
        for (int i = 0, len = a.length; i < len; i++) {
            a[i] = val;
        }
    }

    public static void fill(long[] a, int fromIndex, int toIndex, long val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static long[] copyOf(long[] original, int newLength) {
        long[] copy = new long[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static long[] copyOfRange(long[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        long[] copy = new long[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static String toString(long[] a) {
        if (a == null) {
            return "null";
        }
        int iMax = a.length - 1;
        if (iMax == -1) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) {
                return b.append(']').toString();
            }
            b.append(", ");
        }
    }
    public static int hashCode(long[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + Long.hashCode(a[i]);
        }
        return result;
    }
    public static boolean equals(long[] a, long[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        int length = a.length;
        if (a2.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (a[i] != a2[i]) {
                return false;
            }
        }
        return true;
    }
    public static void sort(long[] a) {
        sortLong(a, 0, a.length);
    }

    public static void sort(long[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        sortLong(a, fromIndex, toIndex);
    }
    private static void sortLong(long[] a, int from, int to) {
        quickSort(a, from, to - 1, 2 * floorLog2(to - from));
    }
    /** Introsort of a[lo..hi] (inclusive) with insertion sort for short ranges. */
    private static void quickSort(long[] a, int lo, int hi, int depth) {
        while (hi - lo >= INSERTION_SORT_THRESHOLD) {
            if (depth-- == 0) {
                heapSort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            if (a[mid] < a[lo]) {
                swap(a, mid, lo);
            }
            if (a[hi] < a[lo]) {
                swap(a, hi, lo);
            }
            if (a[hi] < a[mid]) {
                swap(a, hi, mid);
            }
            long pivot = a[mid];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (pivot < a[j]) {
                    j--;
                }
                if (i <= j) {
                    swap(a, i++, j--);
                }
            }
            if (j - lo < hi - i) {
                quickSort(a, lo, j, depth);
                lo = i;
            } else {
                quickSort(a, i, hi, depth);
                hi = j;
            }
        }
        for (int i = lo + 1; i <= hi; i++) {
            long v = a[i];
            int j = i - 1;
            while (j >= lo && v < a[j]) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void heapSort(long[] a, int lo, int hi) {
        int n = hi - lo + 1;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(a, lo, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(long[] a, int lo, int i, int n) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && a[lo + child] < a[lo + child + 1]) {
                child++;
            }
            if (!(a[lo + i] < a[lo + child])) {
                return;
            }
            swap(a, lo + i, lo + child);
            i = child;
        }
    }

    private static void swap(long[] a, int i, int j) {
        long t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    public static int binarySearch(long[] a, long key) {
        return binarySearch0(a, 0, a.length, key);
    }

    public static int binarySearch(long[] a, int fromIndex, int toIndex, long key) {
        rangeCheck(a.length, fromIndex, toIndex);
        return binarySearch0(a, fromIndex, toIndex, key);
    }

    private static int binarySearch0(long[] a, int fromIndex, int toIndex, long key) {
        int low = fromIndex;
        int high = toIndex - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            long midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }
    public static void fill(int[] a, int val) {
        for (int i = 0, len = a.length; i < len; i++) {
            a[i] = val;
        }
    }

    public static void fill(int[] a, int fromIndex, int toIndex, int val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static int[] copyOf(int[] original, int newLength) {
        int[] copy = new int[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static int[] copyOfRange(int[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        int[] copy = new int[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static String toString(int[] a) {
        if (a == null) {
            return "null";
        }
        int iMax = a.length - 1;
        if (iMax == -1) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) {
                return b.append(']').toString();
            }
            b.append(", ");
        }
    }
    public static int hashCode(int[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + a[i];
        }
        return result;
    }
    public static boolean equals(int[] a, int[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        int length = a.length;
        if (a2.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (a[i] != a2[i]) {
                return false;
            }
        }
        return true;
    }
    public static void sort(int[] a) {
        sortInteger(a, 0, a.length);
    }

    public static void sort(int[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        sortInteger(a, fromIndex, toIndex);
    }
    private static void sortInteger(int[] a, int from, int to) {
        quickSort(a, from, to - 1, 2 * floorLog2(to - from));
    }
    /** Introsort of a[lo..hi] (inclusive) with insertion sort for short ranges. */
    private static void quickSort(int[] a, int lo, int hi, int depth) {
        while (hi - lo >= INSERTION_SORT_THRESHOLD) {
            if (depth-- == 0) {
                heapSort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            if (a[mid] < a[lo]) {
                swap(a, mid, lo);
            }
            if (a[hi] < a[lo]) {
                swap(a, hi, lo);
            }
            if (a[hi] < a[mid]) {
                swap(a, hi, mid);
            }
            int pivot = a[mid];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (pivot < a[j]) {
                    j--;
                }
                if (i <= j) {
                    swap(a, i++, j--);
                }
            }
            if (j - lo < hi - i) {
                quickSort(a, lo, j, depth);
                lo = i;
            } else {
                quickSort(a, i, hi, depth);
                hi = j;
            }
        }
        for (int i = lo + 1; i <= hi; i++) {
            int v = a[i];
            int j = i - 1;
            while (j >= lo && v < a[j]) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void heapSort(int[] a, int lo, int hi) {
        int n = hi - lo + 1;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(a, lo, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(int[] a, int lo, int i, int n) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && a[lo + child] < a[lo + child + 1]) {
                child++;
            }
            if (!(a[lo + i] < a[lo + child])) {
                return;
            }
            swap(a, lo + i, lo + child);
            i = child;
        }
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    public static int binarySearch(int[] a, int key) {
        return binarySearch0(a, 0, a.length, key);
    }

    public static int binarySearch(int[] a, int fromIndex, int toIndex, int key) {
        rangeCheck(a.length, fromIndex, toIndex);
        return binarySearch0(a, fromIndex, toIndex, key);
    }

    private static int binarySearch0(int[] a, int fromIndex, int toIndex, int key) {
        int low = fromIndex;
        int high = toIndex - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }
    public static void fill(short[] a, short val) {
        for (int i = 0, len = a.length; i < len; i++) {
            a[i] = val;
        }
    }

    public static void fill(short[] a, int fromIndex, int toIndex, short val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static short[] copyOf(short[] original, int newLength) {
        short[] copy = new short[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static short[] copyOfRange(short[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        short[] copy = new short[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static String toString(short[] a) {
        if (a == null) {
            return "null";
        }
        int iMax = a.length - 1;
        if (iMax == -1) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) {
                return b.append(']').toString();
            }
            b.append(", ");
        }
    }
    public static int hashCode(short[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + a[i];
        }
        return result;
    }
    public static boolean equals(short[] a, short[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        int length = a.length;
        if (a2.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (a[i] != a2[i]) {
                return false;
            }
        }
        return true;
    }
    public static void sort(short[] a) {
        sortShort(a, 0, a.length);
    }

    public static void sort(short[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        sortShort(a, fromIndex, toIndex);
    }
    private static void sortShort(short[] a, int from, int to) {
        quickSort(a, from, to - 1, 2 * floorLog2(to - from));
    }
    /** Introsort of a[lo..hi] (inclusive) with insertion sort for short ranges. */
    private static void quickSort(short[] a, int lo, int hi, int depth) {
        while (hi - lo >= INSERTION_SORT_THRESHOLD) {
            if (depth-- == 0) {
                heapSort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            if (a[mid] < a[lo]) {
                swap(a, mid, lo);
            }
            if (a[hi] < a[lo]) {
                swap(a, hi, lo);
            }
            if (a[hi] < a[mid]) {
                swap(a, hi, mid);
            }
            short pivot = a[mid];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (pivot < a[j]) {
                    j--;
                }
                if (i <= j) {
                    swap(a, i++, j--);
                }
            }
            if (j - lo < hi - i) {
                quickSort(a, lo, j, depth);
                lo = i;
            } else {
                quickSort(a, i, hi, depth);
                hi = j;
            }
        }
        for (int i = lo + 1; i <= hi; i++) {
            short v = a[i];
            int j = i - 1;
            while (j >= lo && v < a[j]) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void heapSort(short[] a, int lo, int hi) {
        int n = hi - lo + 1;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(a, lo, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(short[] a, int lo, int i, int n) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && a[lo + child] < a[lo + child + 1]) {
                child++;
            }
            if (!(a[lo + i] < a[lo + child])) {
                return;
            }
            swap(a, lo + i, lo + child);
            i = child;
        }
    }

    private static void swap(short[] a, int i, int j) {
        short t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    public static int binarySearch(short[] a, short key) {
        return binarySearch0(a, 0, a.length, key);
    }

    public static int binarySearch(short[] a, int fromIndex, int toIndex, short key) {
        rangeCheck(a.length, fromIndex, toIndex);
        return binarySearch0(a, fromIndex, toIndex, key);
    }

    private static int binarySearch0(short[] a, int fromIndex, int toIndex, short key) {
        int low = fromIndex;
        int high = toIndex - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            short midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }
    public static void fill(char[] a, char val) {
        for (int i = 0, len = a.length; i < len; i++) {
            a[i] = val;
        }
    }

    public static void fill(char[] a, int fromIndex, int toIndex, char val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static char[] copyOf(char[] original, int newLength) {
        char[] copy = new char[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static char[] copyOfRange(char[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        char[] copy = new char[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static String toString(char[] a) {
        if (a == null) {
            return "null";
        }
        int iMax = a.length - 1;
        if (iMax == -1) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) {
                return b.append(']').toString();
            }
            b.append(", ");
        }
    }
    public static int hashCode(char[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + a[i];
        }
        return result;
    }
    public static boolean equals(char[] a, char[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        int length = a.length;
        if (a2.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (a[i] != a2[i]) {
                return false;
            }
        }
        return true;
    }
    public static void sort(char[] a) {
        sortCharacter(a, 0, a.length);
    }

    public static void sort(char[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        sortCharacter(a, fromIndex, toIndex);
    }
    private static void sortCharacter(char[] a, int from, int to) {
        quickSort(a, from, to - 1, 2 * floorLog2(to - from));
    }
    /** Introsort of a[lo..hi] (inclusive) with insertion sort for short ranges. */
    private static void quickSort(char[] a, int lo, int hi, int depth) {
        while (hi - lo >= INSERTION_SORT_THRESHOLD) {
            if (depth-- == 0) {
                heapSort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            if (a[mid] < a[lo]) {
                swap(a, mid, lo);
            }
            if (a[hi] < a[lo]) {
                swap(a, hi, lo);
            }
            if (a[hi] < a[mid]) {
                swap(a, hi, mid);
            }
            char pivot = a[mid];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (pivot < a[j]) {
                    j--;
                }
                if (i <= j) {
                    swap(a, i++, j--);
                }
            }
            if (j - lo < hi - i) {
                quickSort(a, lo, j, depth);
                lo = i;
            } else {
                quickSort(a, i, hi, depth);
                hi = j;
            }
        }
        for (int i = lo + 1; i <= hi; i++) {
            char v = a[i];
            int j = i - 1;
            while (j >= lo && v < a[j]) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void heapSort(char[] a, int lo, int hi) {
        int n = hi - lo + 1;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(a, lo, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(char[] a, int lo, int i, int n) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && a[lo + child] < a[lo + child + 1]) {
                child++;
            }
            if (!(a[lo + i] < a[lo + child])) {
                return;
            }
            swap(a, lo + i, lo + child);
            i = child;
        }
    }

    private static void swap(char[] a, int i, int j) {
        char t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    public static int binarySearch(char[] a, char key) {
        return binarySearch0(a, 0, a.length, key);
    }

    public static int binarySearch(char[] a, int fromIndex, int toIndex, char key) {
        rangeCheck(a.length, fromIndex, toIndex);
        return binarySearch0(a, fromIndex, toIndex, key);
    }

    private static int binarySearch0(char[] a, int fromIndex, int toIndex, char key) {
        int low = fromIndex;
        int high = toIndex - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            char midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }
    public static void fill(byte[] a, byte val) {
        for (int i = 0, len = a.length; i < len; i++) {
            a[i] = val;
        }
    }

    public static void fill(byte[] a, int fromIndex, int toIndex, byte val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static byte[] copyOf(byte[] original, int newLength) {
        byte[] copy = new byte[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static byte[] copyOfRange(byte[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        byte[] copy = new byte[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static String toString(byte[] a) {
        if (a == null) {
            return "null";
        }
        int iMax = a.length - 1;
        if (iMax == -1) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) {
                return b.append(']').toString();
            }
            b.append(", ");
        }
    }
    public static int hashCode(byte[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + a[i];
        }
        return result;
    }
    public static boolean equals(byte[] a, byte[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        int length = a.length;
        if (a2.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (a[i] != a2[i]) {
                return false;
            }
        }
        return true;
    }
    public static void sort(byte[] a) {
        sortByte(a, 0, a.length);
    }

    public static void sort(byte[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        sortByte(a, fromIndex, toIndex);
    }
    private static void sortByte(byte[] a, int from, int to) {
        quickSort(a, from, to - 1, 2 * floorLog2(to - from));
    }
    /** Introsort of a[lo..hi] (inclusive) with insertion sort for short ranges. */
    private static void quickSort(byte[] a, int lo, int hi, int depth) {
        while (hi - lo >= INSERTION_SORT_THRESHOLD) {
            if (depth-- == 0) {
                heapSort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            if (a[mid] < a[lo]) {
                swap(a, mid, lo);
            }
            if (a[hi] < a[lo]) {
                swap(a, hi, lo);
            }
            if (a[hi] < a[mid]) {
                swap(a, hi, mid);
            }
            byte pivot = a[mid];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (pivot < a[j]) {
                    j--;
                }
                if (i <= j) {
                    swap(a, i++, j--);
                }
            }
            if (j - lo < hi - i) {
                quickSort(a, lo, j, depth);
                lo = i;
            } else {
                quickSort(a, i, hi, depth);
                hi = j;
            }
        }
        for (int i = lo + 1; i <= hi; i++) {
            byte v = a[i];
            int j = i - 1;
            while (j >= lo && v < a[j]) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void heapSort(byte[] a, int lo, int hi) {
        int n = hi - lo + 1;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(a, lo, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(byte[] a, int lo, int i, int n) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && a[lo + child] < a[lo + child + 1]) {
                child++;
            }
            if (!(a[lo + i] < a[lo + child])) {
                return;
            }
            swap(a, lo + i, lo + child);
            i = child;
        }
    }

    private static void swap(byte[] a, int i, int j) {
        byte t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    public static int binarySearch(byte[] a, byte key) {
        return binarySearch0(a, 0, a.length, key);
    }

    public static int binarySearch(byte[] a, int fromIndex, int toIndex, byte key) {
        rangeCheck(a.length, fromIndex, toIndex);
        return binarySearch0(a, fromIndex, toIndex, key);
    }

    private static int binarySearch0(byte[] a, int fromIndex, int toIndex, byte key) {
        int low = fromIndex;
        int high = toIndex - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            byte midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }
    public static void fill(boolean[] a, boolean val) {
        for (int i = 0, len = a.length; i < len; i++) {
            a[i] = val;
        }
    }

    public static void fill(boolean[] a, int fromIndex, int toIndex, boolean val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static boolean[] copyOf(boolean[] original, int newLength) {
        boolean[] copy = new boolean[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static boolean[] copyOfRange(boolean[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        boolean[] copy = new boolean[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static String toString(boolean[] a) {
        if (a == null) {
            return "null";
        }
        int iMax = a.length - 1;
        if (iMax == -1) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) {
                return b.append(']').toString();
            }
            b.append(", ");
        }
    }
    public static int hashCode(boolean[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + (a[i] ? 1231 : 1237);
        }
        return result;
    }
    public static boolean equals(boolean[] a, boolean[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        int length = a.length;
        if (a2.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (a[i] != a2[i]) {
                return false;
            }
        }
        return true;
    }
    public static void fill(double[] a, double val) {
        for (int i = 0, len = a.length; i < len; i++) {
            a[i] = val;
        }
    }

    public static void fill(double[] a, int fromIndex, int toIndex, double val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static double[] copyOf(double[] original, int newLength) {
        double[] copy = new double[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static double[] copyOfRange(double[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        double[] copy = new double[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static String toString(double[] a) {
        if (a == null) {
            return "null";
        }
        int iMax = a.length - 1;
        if (iMax == -1) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) {
                return b.append(']').toString();
            }
            b.append(", ");
        }
    }
    public static int hashCode(double[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + Double.hashCode(a[i]);
        }
        return result;
    }
    public static boolean equals(double[] a, double[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        int length = a.length;
        if (a2.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (Double.doubleToLongBits(a[i]) != Double.doubleToLongBits(a2[i])) {
                return false;
            }
        }
        return true;
    }
    public static void sort(double[] a) {
        sortDouble(a, 0, a.length);
    }

    public static void sort(double[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        sortDouble(a, fromIndex, toIndex);
    }
    /** Sorts with the Double.compare order: NaNs moved last, then -0.0 placed before 0.0. */
    private static void sortDouble(double[] a, int from, int to) {
        int end = to;
        for (int i = to - 1; i >= from; i--) {
            double v = a[i];
            if (v != v) {
                a[i] = a[--end];
                a[end] = v;
            }
        }
        quickSort(a, from, end - 1, 2 * floorLog2(end - from));
        int negZeros = 0;
        int firstZero = -1;
        for (int i = from; i < end; i++) {
            if (a[i] == 0) {
                if (firstZero < 0) {
                    firstZero = i;
                }
                if (Double.doubleToRawLongBits(a[i]) < 0) {
                    negZeros++;
                }
            }
        }
        if (firstZero >= 0) {
            for (int i = firstZero; i < end && a[i] == 0; i++) {
                a[i] = (i - firstZero < negZeros) ? -0.0 : 0.0;
            }
        }
    }
    /** Introsort of a[lo..hi] (inclusive) with insertion sort for short ranges. */
    private static void quickSort(double[] a, int lo, int hi, int depth) {
        while (hi - lo >= INSERTION_SORT_THRESHOLD) {
            if (depth-- == 0) {
                heapSort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            if (a[mid] < a[lo]) {
                swap(a, mid, lo);
            }
            if (a[hi] < a[lo]) {
                swap(a, hi, lo);
            }
            if (a[hi] < a[mid]) {
                swap(a, hi, mid);
            }
            double pivot = a[mid];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (pivot < a[j]) {
                    j--;
                }
                if (i <= j) {
                    swap(a, i++, j--);
                }
            }
            if (j - lo < hi - i) {
                quickSort(a, lo, j, depth);
                lo = i;
            } else {
                quickSort(a, i, hi, depth);
                hi = j;
            }
        }
        for (int i = lo + 1; i <= hi; i++) {
            double v = a[i];
            int j = i - 1;
            while (j >= lo && v < a[j]) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void heapSort(double[] a, int lo, int hi) {
        int n = hi - lo + 1;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(a, lo, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(double[] a, int lo, int i, int n) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && a[lo + child] < a[lo + child + 1]) {
                child++;
            }
            if (!(a[lo + i] < a[lo + child])) {
                return;
            }
            swap(a, lo + i, lo + child);
            i = child;
        }
    }

    private static void swap(double[] a, int i, int j) {
        double t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    public static int binarySearch(double[] a, double key) {
        return binarySearch0(a, 0, a.length, key);
    }

    public static int binarySearch(double[] a, int fromIndex, int toIndex, double key) {
        rangeCheck(a.length, fromIndex, toIndex);
        return binarySearch0(a, fromIndex, toIndex, key);
    }

    private static int binarySearch0(double[] a, int fromIndex, int toIndex, double key) {
        int low = fromIndex;
        int high = toIndex - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            double midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                long midBits = Double.doubleToLongBits(midVal);
                long keyBits = Double.doubleToLongBits(key);
                if (midBits == keyBits) {
                    return mid;
                } else if (midBits < keyBits) {
                    low = mid + 1;
                } else {
                    high = mid - 1;
                }
            }
        }
        return -(low + 1);
    }
    public static void fill(float[] a, float val) {
        for (int i = 0, len = a.length; i < len; i++) {
            a[i] = val;
        }
    }

    public static void fill(float[] a, int fromIndex, int toIndex, float val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static float[] copyOf(float[] original, int newLength) {
        float[] copy = new float[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static float[] copyOfRange(float[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        float[] copy = new float[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static String toString(float[] a) {
        if (a == null) {
            return "null";
        }
        int iMax = a.length - 1;
        if (iMax == -1) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) {
                return b.append(']').toString();
            }
            b.append(", ");
        }
    }
    public static int hashCode(float[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + Float.floatToIntBits(a[i]);
        }
        return result;
    }
    public static boolean equals(float[] a, float[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        int length = a.length;
        if (a2.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (Float.floatToIntBits(a[i]) != Float.floatToIntBits(a2[i])) {
                return false;
            }
        }
        return true;
    }
    public static void sort(float[] a) {
        sortFloat(a, 0, a.length);
    }

    public static void sort(float[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        sortFloat(a, fromIndex, toIndex);
    }
    /** Sorts with the Float.compare order: NaNs moved last, then -0.0 placed before 0.0. */
    private static void sortFloat(float[] a, int from, int to) {
        int end = to;
        for (int i = to - 1; i >= from; i--) {
            float v = a[i];
            if (v != v) {
                a[i] = a[--end];
                a[end] = v;
            }
        }
        quickSort(a, from, end - 1, 2 * floorLog2(end - from));
        int negZeros = 0;
        int firstZero = -1;
        for (int i = from; i < end; i++) {
            if (a[i] == 0) {
                if (firstZero < 0) {
                    firstZero = i;
                }
                if (Float.floatToRawIntBits(a[i]) < 0) {
                    negZeros++;
                }
            }
        }
        if (firstZero >= 0) {
            for (int i = firstZero; i < end && a[i] == 0; i++) {
                a[i] = (i - firstZero < negZeros) ? -0.0f : 0.0f;
            }
        }
    }
    /** Introsort of a[lo..hi] (inclusive) with insertion sort for short ranges. */
    private static void quickSort(float[] a, int lo, int hi, int depth) {
        while (hi - lo >= INSERTION_SORT_THRESHOLD) {
            if (depth-- == 0) {
                heapSort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            if (a[mid] < a[lo]) {
                swap(a, mid, lo);
            }
            if (a[hi] < a[lo]) {
                swap(a, hi, lo);
            }
            if (a[hi] < a[mid]) {
                swap(a, hi, mid);
            }
            float pivot = a[mid];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (pivot < a[j]) {
                    j--;
                }
                if (i <= j) {
                    swap(a, i++, j--);
                }
            }
            if (j - lo < hi - i) {
                quickSort(a, lo, j, depth);
                lo = i;
            } else {
                quickSort(a, i, hi, depth);
                hi = j;
            }
        }
        for (int i = lo + 1; i <= hi; i++) {
            float v = a[i];
            int j = i - 1;
            while (j >= lo && v < a[j]) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void heapSort(float[] a, int lo, int hi) {
        int n = hi - lo + 1;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(a, lo, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(float[] a, int lo, int i, int n) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && a[lo + child] < a[lo + child + 1]) {
                child++;
            }
            if (!(a[lo + i] < a[lo + child])) {
                return;
            }
            swap(a, lo + i, lo + child);
            i = child;
        }
    }

    private static void swap(float[] a, int i, int j) {
        float t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    public static int binarySearch(float[] a, float key) {
        return binarySearch0(a, 0, a.length, key);
    }

    public static int binarySearch(float[] a, int fromIndex, int toIndex, float key) {
        rangeCheck(a.length, fromIndex, toIndex);
        return binarySearch0(a, fromIndex, toIndex, key);
    }

    private static int binarySearch0(float[] a, int fromIndex, int toIndex, float key) {
        int low = fromIndex;
        int high = toIndex - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            float midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                int midBits = Float.floatToIntBits(midVal);
                int keyBits = Float.floatToIntBits(key);
                if (midBits == keyBits) {
                    return mid;
                } else if (midBits < keyBits) {
                    low = mid + 1;
                } else {
                    high = mid - 1;
                }
            }
        }
        return -(low + 1);
    }
    private static int floorLog2(int n) {
        return n <= 1 ? 0 : 31 - Integer.numberOfLeadingZeros(n);
    }

    // ---------------------------------------------------------------- Object arrays

    public static void fill(Object[] a, Object val) {
        for (int i = 0, len = a.length; i < len; i++) {
            a[i] = val;
        }
    }

    public static void fill(Object[] a, int fromIndex, int toIndex, Object val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    @SuppressWarnings("unchecked")
    public static <T> T[] copyOf(T[] original, int newLength) {
        return (T[]) copyOf(original, newLength, original.getClass());
    }

    @SuppressWarnings("unchecked")
    public static <T, U> T[] copyOf(U[] original, int newLength, Class<? extends T[]> newType) {
        T[] copy = ((Object) newType == (Object) Object[].class)
                ? (T[]) new Object[newLength]
                : (T[]) java.lang.reflect.Array.newInstance(newType.getComponentType(), newLength);
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    @SuppressWarnings("unchecked")
    public static <T> T[] copyOfRange(T[] original, int from, int to) {
        return copyOfRange(original, from, to, (Class<? extends T[]>) original.getClass());
    }

    @SuppressWarnings("unchecked")
    public static <T, U> T[] copyOfRange(U[] original, int from, int to,
            Class<? extends T[]> newType) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        T[] copy = ((Object) newType == (Object) Object[].class)
                ? (T[]) new Object[newLength]
                : (T[]) java.lang.reflect.Array.newInstance(newType.getComponentType(), newLength);
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static String toString(Object[] a) {
        if (a == null) {
            return "null";
        }
        int iMax = a.length - 1;
        if (iMax == -1) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(String.valueOf(a[i]));
            if (i == iMax) {
                return b.append(']').toString();
            }
            b.append(", ");
        }
    }

    public static int hashCode(Object[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (Object element : a) {
            result = 31 * result + (element == null ? 0 : element.hashCode());
        }
        return result;
    }

    public static boolean equals(Object[] a, Object[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        int length = a.length;
        if (a2.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (!Objects.equals(a[i], a2[i])) {
                return false;
            }
        }
        return true;
    }

    public static <T> boolean equals(T[] a, T[] a2, Comparator<? super T> cmp) {
        Objects.requireNonNull(cmp);
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null || a.length != a2.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (cmp.compare(a[i], a2[i]) != 0) {
                return false;
            }
        }
        return true;
    }

    public static int deepHashCode(Object[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (Object element : a) {
            int elementHash;
            if (element instanceof Object[]) {
                elementHash = deepHashCode((Object[]) element);
            } else if (element != null && element.getClass().isArray()) {
                elementHash = primitiveArrayHashCode(element);
            } else {
                elementHash = (element == null) ? 0 : element.hashCode();
            }
            result = 31 * result + elementHash;
        }
        return result;
    }

    private static int primitiveArrayHashCode(Object a) {
        if (a instanceof int[]) {
            return hashCode((int[]) a);
        } else if (a instanceof long[]) {
            return hashCode((long[]) a);
        } else if (a instanceof short[]) {
            return hashCode((short[]) a);
        } else if (a instanceof char[]) {
            return hashCode((char[]) a);
        } else if (a instanceof byte[]) {
            return hashCode((byte[]) a);
        } else if (a instanceof boolean[]) {
            return hashCode((boolean[]) a);
        } else if (a instanceof float[]) {
            return hashCode((float[]) a);
        } else {
            return hashCode((double[]) a);
        }
    }

    public static boolean deepEquals(Object[] a1, Object[] a2) {
        if (a1 == a2) {
            return true;
        }
        if (a1 == null || a2 == null) {
            return false;
        }
        int length = a1.length;
        if (a2.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            Object e1 = a1[i];
            Object e2 = a2[i];
            if (e1 == e2) {
                continue;
            }
            if (e1 == null) {
                return false;
            }
            if (!deepEquals0(e1, e2)) {
                return false;
            }
        }
        return true;
    }

    static boolean deepEquals0(Object e1, Object e2) {
        if (e1 instanceof Object[] && e2 instanceof Object[]) {
            return deepEquals((Object[]) e1, (Object[]) e2);
        } else if (e1 instanceof byte[] && e2 instanceof byte[]) {
            return equals((byte[]) e1, (byte[]) e2);
        } else if (e1 instanceof short[] && e2 instanceof short[]) {
            return equals((short[]) e1, (short[]) e2);
        } else if (e1 instanceof int[] && e2 instanceof int[]) {
            return equals((int[]) e1, (int[]) e2);
        } else if (e1 instanceof long[] && e2 instanceof long[]) {
            return equals((long[]) e1, (long[]) e2);
        } else if (e1 instanceof char[] && e2 instanceof char[]) {
            return equals((char[]) e1, (char[]) e2);
        } else if (e1 instanceof float[] && e2 instanceof float[]) {
            return equals((float[]) e1, (float[]) e2);
        } else if (e1 instanceof double[] && e2 instanceof double[]) {
            return equals((double[]) e1, (double[]) e2);
        } else if (e1 instanceof boolean[] && e2 instanceof boolean[]) {
            return equals((boolean[]) e1, (boolean[]) e2);
        }
        return e1.equals(e2);
    }

    public static String deepToString(Object[] a) {
        if (a == null) {
            return "null";
        }
        StringBuilder buf = new StringBuilder(20 * Math.min(a.length, Integer.MAX_VALUE / 20));
        deepToString(a, buf, new java.util.ArrayList<Object[]>());
        return buf.toString();
    }

    private static void deepToString(Object[] a, StringBuilder buf, List<Object[]> dejaVu) {
        if (a == null) {
            buf.append("null");
            return;
        }
        int iMax = a.length - 1;
        if (iMax == -1) {
            buf.append("[]");
            return;
        }
        dejaVu.add(a);
        buf.append('[');
        for (int i = 0;; i++) {
            Object element = a[i];
            if (element == null) {
                buf.append("null");
            } else if (element instanceof Object[]) {
                boolean seen = false;
                for (Object[] s : dejaVu) {
                    if (s == element) {
                        seen = true;
                    }
                }
                if (seen) {
                    buf.append("[...]");
                } else {
                    deepToString((Object[]) element, buf, dejaVu);
                }
            } else if (element.getClass().isArray()) {
                buf.append(primitiveArrayToString(element));
            } else {
                buf.append(element.toString());
            }
            if (i == iMax) {
                break;
            }
            buf.append(", ");
        }
        buf.append(']');
        dejaVu.remove(dejaVu.size() - 1);
    }

    private static String primitiveArrayToString(Object a) {
        if (a instanceof int[]) {
            return toString((int[]) a);
        } else if (a instanceof long[]) {
            return toString((long[]) a);
        } else if (a instanceof short[]) {
            return toString((short[]) a);
        } else if (a instanceof char[]) {
            return toString((char[]) a);
        } else if (a instanceof byte[]) {
            return toString((byte[]) a);
        } else if (a instanceof boolean[]) {
            return toString((boolean[]) a);
        } else if (a instanceof float[]) {
            return toString((float[]) a);
        } else {
            return toString((double[]) a);
        }
    }

    // ---- sorting objects: stable merge sort ----

    public static void sort(Object[] a) {
        sort(a, 0, a.length, null);
    }

    public static void sort(Object[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        sort(a, fromIndex, toIndex, null);
    }

    public static <T> void sort(T[] a, Comparator<? super T> c) {
        sort(a, 0, a.length, c);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T> void sort(T[] a, int fromIndex, int toIndex, Comparator<? super T> c) {
        rangeCheck(a.length, fromIndex, toIndex);
        if (toIndex - fromIndex < 2) {
            return;
        }
        Comparator<Object> cmp = (c == null) ? (Comparator) NaturalOrder.INSTANCE : (Comparator) c;
        Object[] aux = new Object[toIndex - fromIndex];
        mergeSort(a, aux, fromIndex, toIndex, cmp);
    }

    /** Compares Comparables (the default ordering of Arrays.sort(Object[])). */
    static final class NaturalOrder implements Comparator<Object> {
        static final NaturalOrder INSTANCE = new NaturalOrder();

        @SuppressWarnings("unchecked")
        public int compare(Object first, Object second) {
            return ((Comparable<Object>) first).compareTo(second);
        }
    }

    private static void mergeSort(Object[] a, Object[] aux, int lo, int hi,
            Comparator<Object> c) {
        int n = hi - lo;
        if (n < 7) {
            for (int i = lo + 1; i < hi; i++) {
                Object v = a[i];
                int j = i - 1;
                while (j >= lo && c.compare(a[j], v) > 0) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = v;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeSort(a, aux, lo, mid, c);
        mergeSort(a, aux, mid, hi, c);
        if (c.compare(a[mid - 1], a[mid]) <= 0) {
            return;
        }
        int base = lo - lo;
        System.arraycopy(a, lo, aux, base, n);
        int i = 0;
        int iEnd = mid - lo;
        int j = iEnd;
        int jEnd = n;
        for (int k = lo; k < hi; k++) {
            if (j >= jEnd || (i < iEnd && c.compare(aux[i], aux[j]) <= 0)) {
                a[k] = aux[i++];
            } else {
                a[k] = aux[j++];
            }
        }
    }

    public static int binarySearch(Object[] a, Object key) {
        return binarySearch(a, 0, a.length, key, null);
    }

    public static int binarySearch(Object[] a, int fromIndex, int toIndex, Object key) {
        return binarySearch(a, fromIndex, toIndex, key, null);
    }

    public static <T> int binarySearch(T[] a, T key, Comparator<? super T> c) {
        return binarySearch(a, 0, a.length, key, c);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T> int binarySearch(T[] a, int fromIndex, int toIndex, T key,
            Comparator<? super T> c) {
        rangeCheck(a.length, fromIndex, toIndex);
        Comparator<Object> cmp = (c == null) ? (Comparator) NaturalOrder.INSTANCE : (Comparator) c;
        int low = fromIndex;
        int high = toIndex - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int r = (c == null) ? ((Comparable<Object>) a[mid]).compareTo(key)
                    : cmp.compare(a[mid], key);
            if (r < 0) {
                low = mid + 1;
            } else if (r > 0) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    // ---- setAll ----

    public static <T> void setAll(T[] array, IntFunction<? extends T> generator) {
        Objects.requireNonNull(generator);
        for (int i = 0; i < array.length; i++) {
            array[i] = generator.apply(i);
        }
    }

    public static void setAll(int[] array, IntUnaryOperator generator) {
        Objects.requireNonNull(generator);
        for (int i = 0; i < array.length; i++) {
            array[i] = generator.applyAsInt(i);
        }
    }

    public static void setAll(long[] array, IntToLongFunction generator) {
        Objects.requireNonNull(generator);
        for (int i = 0; i < array.length; i++) {
            array[i] = generator.applyAsLong(i);
        }
    }

    public static void setAll(double[] array, IntToDoubleFunction generator) {
        Objects.requireNonNull(generator);
        for (int i = 0; i < array.length; i++) {
            array[i] = generator.applyAsDouble(i);
        }
    }

    // ---- asList ----

    @SafeVarargs
    @SuppressWarnings("varargs")
    public static <T> List<T> asList(T... a) {
        return new ArrayList<>(a);
    }

    /** The fixed-size list view of an array (named like the JDK's Arrays$ArrayList). */
    private static class ArrayList<E> extends AbstractList<E> implements RandomAccess,
            java.io.Serializable {
        private final E[] a;

        ArrayList(E[] array) {
            a = Objects.requireNonNull(array);
        }

        @Override
        public int size() {
            return a.length;
        }

        @Override
        public Object[] toArray() {
            return Arrays.copyOf(a, a.length, Object[].class);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T[] toArray(T[] a) {
            int size = size();
            if (a.length < size) {
                return Arrays.copyOf(this.a, size, (Class<? extends T[]>) a.getClass());
            }
            System.arraycopy(this.a, 0, a, 0, size);
            if (a.length > size) {
                a[size] = null;
            }
            return a;
        }

        @Override
        public E get(int index) {
            return a[index];
        }

        @Override
        public E set(int index, E element) {
            E oldValue = a[index];
            a[index] = element;
            return oldValue;
        }

        @Override
        public int indexOf(Object o) {
            E[] a = this.a;
            if (o == null) {
                for (int i = 0; i < a.length; i++) {
                    if (a[i] == null) {
                        return i;
                    }
                }
            } else {
                for (int i = 0; i < a.length; i++) {
                    if (o.equals(a[i])) {
                        return i;
                    }
                }
            }
            return -1;
        }

        @Override
        public boolean contains(Object o) {
            return indexOf(o) >= 0;
        }

        @Override
        public void replaceAll(UnaryOperator<E> operator) {
            Objects.requireNonNull(operator);
            E[] a = this.a;
            for (int i = 0; i < a.length; i++) {
                a[i] = operator.apply(a[i]);
            }
        }

        @Override
        public void sort(Comparator<? super E> c) {
            Arrays.sort(a, c);
        }
    }

    public static <T> java.util.stream.Stream<T> stream(T[] array) {
        return stream(array, 0, array.length);
    }

    public static <T> java.util.stream.Stream<T> stream(T[] array, int startInclusive, int endExclusive) {
        Objects.checkFromToIndex(startInclusive, endExclusive, array.length);
        return java.util.stream.StreamSupport.fromIterator(asList(array).subList(startInclusive, endExclusive).iterator());
    }

    public static java.util.stream.IntStream stream(int[] array) {
        return java.util.stream.StreamSupport.ints(array, 0, array.length);
    }

    public static java.util.stream.IntStream stream(int[] array, int startInclusive, int endExclusive) {
        Objects.checkFromToIndex(startInclusive, endExclusive, array.length);
        return java.util.stream.StreamSupport.ints(array, startInclusive, endExclusive);
    }

    public static java.util.stream.LongStream stream(long[] array) {
        return java.util.stream.StreamSupport.longs(array, 0, array.length);
    }

    public static java.util.stream.LongStream stream(long[] array, int startInclusive, int endExclusive) {
        Objects.checkFromToIndex(startInclusive, endExclusive, array.length);
        return java.util.stream.StreamSupport.longs(array, startInclusive, endExclusive);
    }

    public static java.util.stream.DoubleStream stream(double[] array) {
        return java.util.stream.StreamSupport.doubles(array, 0, array.length);
    }

    public static java.util.stream.DoubleStream stream(double[] array, int startInclusive, int endExclusive) {
        Objects.checkFromToIndex(startInclusive, endExclusive, array.length);
        return java.util.stream.StreamSupport.doubles(array, startInclusive, endExclusive);
    }
}

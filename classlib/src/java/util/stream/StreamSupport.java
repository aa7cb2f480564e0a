package java.util.stream;

import java.util.Iterator;
import java.util.PrimitiveIterator;

/**
 * Makes streams from iterators (gcvm's streams pull from iterators: Collection.stream(),
 * Arrays.stream(), String.chars()/lines() come here). Of the JDK's spliterator-based methods,
 * stream(Spliterator, boolean) is provided (sequential, through Spliterators.iterator).
 */
public final class StreamSupport {
    private StreamSupport() {
    }

    public static <T> Stream<T> fromIterator(Iterator<T> it) {
        return new RefPipeline<T>(it);
    }

    public static <T> Stream<T> stream(java.util.Spliterator<T> spliterator, boolean parallel) {
        return new RefPipeline<T>(java.util.Spliterators.iterator(spliterator));
    }

    public static IntStream intsFromIterator(PrimitiveIterator.OfInt it) {
        return new IntPipeline(it);
    }

    public static IntStream ints(int[] a, int from, int to) {
        return IntPipeline.of(java.util.Arrays.copyOfRange(a, from, to));
    }

    public static LongStream longs(long[] a, int from, int to) {
        return LongPipeline.of(java.util.Arrays.copyOfRange(a, from, to));
    }

    public static DoubleStream doubles(double[] a, int from, int to) {
        return DoublePipeline.of(java.util.Arrays.copyOfRange(a, from, to));
    }
}

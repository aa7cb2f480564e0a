package java.util;

/** Sorted sets. gcvm omits the range views (subSet, headSet, tailSet). */
public interface SortedSet<E> extends Set<E> {
    Comparator<? super E> comparator();

    E first();

    E last();
}

package java.util;

/**
 * Sorted sets. The range views are abstract in the JDK; here they are default methods throwing
 * UnsupportedOperationException so that classlib implementations without views
 * (Collections.unmodifiableSortedSet) still compile. TreeSet overrides them.
 */
public interface SortedSet<E> extends Set<E> {
    Comparator<? super E> comparator();

    default SortedSet<E> subSet(E fromElement, E toElement) {
        throw new UnsupportedOperationException(
                "gcvm: subSet not supported by " + getClass().getName());
    }

    default SortedSet<E> headSet(E toElement) {
        throw new UnsupportedOperationException(
                "gcvm: headSet not supported by " + getClass().getName());
    }

    default SortedSet<E> tailSet(E fromElement) {
        throw new UnsupportedOperationException(
                "gcvm: tailSet not supported by " + getClass().getName());
    }

    E first();

    E last();
}

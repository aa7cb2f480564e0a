package java.util;

/** Navigable sets. gcvm omits the range views and descendingSet. */
public interface NavigableSet<E> extends SortedSet<E> {
    E lower(E e);

    E floor(E e);

    E ceiling(E e);

    E higher(E e);

    E pollFirst();

    E pollLast();

    Iterator<E> iterator();

    Iterator<E> descendingIterator();
}

package java.util.concurrent;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * A list whose every change copies the array (`array`, never modified once published), under
 * the monitor of `lock`; reads take the current array without locking. Iterators walk the
 * array they started with, so they never throw ConcurrentModificationException and do not
 * support remove/set/add. A subList checks that the list's array is still the one it last
 * saw (else ConcurrentModificationException), as the JDK's.
 */
public class CopyOnWriteArrayList<E> implements List<E>, RandomAccess, Cloneable, java.io.Serializable {
    final transient Object lock = new Object();
    private transient volatile Object[] array;

    public CopyOnWriteArrayList() {
        array = new Object[0];
    }

    public CopyOnWriteArrayList(Collection<? extends E> c) {
        Object[] es = c.toArray();
        array = Arrays.copyOf(es, es.length, Object[].class);
    }

    public CopyOnWriteArrayList(E[] toCopyIn) {
        array = Arrays.copyOf(toCopyIn, toCopyIn.length, Object[].class);
    }

    final Object[] getArray() {
        return array;
    }

    final void setArray(Object[] a) {
        array = a;
    }

    @SuppressWarnings("unchecked")
    static <E> E elementAt(Object[] a, int index) {
        return (E) a[index];
    }

    static String outOfBounds(int index, int size) {
        return "Index: " + index + ", Size: " + size;
    }

    public int size() {
        return array.length;
    }

    public boolean isEmpty() {
        return size() == 0;
    }

    private static int indexOfRange(Object o, Object[] es, int from, int to) {
        for (int i = from; i < to; i++) {
            if (Objects.equals(o, es[i])) {
                return i;
            }
        }
        return -1;
    }

    private static int lastIndexOfRange(Object o, Object[] es, int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            if (Objects.equals(o, es[i])) {
                return i;
            }
        }
        return -1;
    }

    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    public int indexOf(Object o) {
        Object[] es = array;
        return indexOfRange(o, es, 0, es.length);
    }

    public int indexOf(E e, int index) {
        Object[] es = array;
        return indexOfRange(e, es, index, es.length);
    }

    public int lastIndexOf(Object o) {
        Object[] es = array;
        return lastIndexOfRange(o, es, 0, es.length);
    }

    public int lastIndexOf(E e, int index) {
        Object[] es = array;
        return lastIndexOfRange(e, es, 0, index + 1);
    }

    @SuppressWarnings("unchecked")
    public Object clone() {
        try {
            CopyOnWriteArrayList<E> clone = (CopyOnWriteArrayList<E>) super.clone();
            return clone;
        } catch (CloneNotSupportedException e) {
            throw new InternalError();
        }
    }

    public Object[] toArray() {
        return array.clone();
    }

    @SuppressWarnings("unchecked")
    public <T> T[] toArray(T[] a) {
        Object[] es = array;
        int len = es.length;
        if (a.length < len) {
            return (T[]) Arrays.copyOf(es, len, a.getClass());
        }
        System.arraycopy(es, 0, a, 0, len);
        if (a.length > len) {
            a[len] = null;
        }
        return a;
    }

    public E get(int index) {
        return elementAt(array, index);
    }

    public E set(int index, E element) {
        synchronized (lock) {
            Object[] es = array;
            E oldValue = elementAt(es, index);
            if (oldValue != element) {
                es = es.clone();
                es[index] = element;
            }
            setArray(es);
            return oldValue;
        }
    }

    public boolean add(E e) {
        synchronized (lock) {
            Object[] es = array;
            int len = es.length;
            es = Arrays.copyOf(es, len + 1);
            es[len] = e;
            setArray(es);
            return true;
        }
    }

    public void add(int index, E element) {
        synchronized (lock) {
            Object[] es = array;
            int len = es.length;
            if (index > len || index < 0) {
                throw new IndexOutOfBoundsException(outOfBounds(index, len));
            }
            Object[] newElements = new Object[len + 1];
            System.arraycopy(es, 0, newElements, 0, index);
            System.arraycopy(es, index, newElements, index + 1, len - index);
            newElements[index] = element;
            setArray(newElements);
        }
    }

    public E remove(int index) {
        synchronized (lock) {
            Object[] es = array;
            E oldValue = elementAt(es, index);
            setArray(without(es, index));
            return oldValue;
        }
    }

    private static Object[] without(Object[] es, int index) {
        int len = es.length;
        Object[] newElements = new Object[len - 1];
        System.arraycopy(es, 0, newElements, 0, index);
        System.arraycopy(es, index + 1, newElements, index, len - index - 1);
        return newElements;
    }

    public boolean remove(Object o) {
        synchronized (lock) {
            Object[] es = array;
            int index = indexOfRange(o, es, 0, es.length);
            if (index < 0) {
                return false;
            }
            setArray(without(es, index));
            return true;
        }
    }

    void removeRange(int fromIndex, int toIndex) {
        synchronized (lock) {
            Object[] es = array;
            int len = es.length;
            if (fromIndex < 0 || toIndex > len || toIndex < fromIndex) {
                throw new IndexOutOfBoundsException();
            }
            Object[] newElements = new Object[len - (toIndex - fromIndex)];
            System.arraycopy(es, 0, newElements, 0, fromIndex);
            System.arraycopy(es, toIndex, newElements, fromIndex, len - toIndex);
            setArray(newElements);
        }
    }

    public boolean addIfAbsent(E e) {
        synchronized (lock) {
            Object[] es = array;
            if (indexOfRange(e, es, 0, es.length) >= 0) {
                return false;
            }
            Object[] newElements = Arrays.copyOf(es, es.length + 1);
            newElements[es.length] = e;
            setArray(newElements);
            return true;
        }
    }

    public boolean containsAll(Collection<?> c) {
        Object[] es = array;
        for (Object e : c) {
            if (indexOfRange(e, es, 0, es.length) < 0) {
                return false;
            }
        }
        return true;
    }

    public boolean removeAll(Collection<?> c) {
        Objects.requireNonNull(c);
        return removeMatching(new InCollection(c, true));
    }

    public boolean retainAll(Collection<?> c) {
        Objects.requireNonNull(c);
        return removeMatching(new InCollection(c, false));
    }

    /** Matches the elements in `c` (or, with `in` false, those not in it). */
    private static final class InCollection implements Predicate<Object> {
        private final Collection<?> c;
        private final boolean in;

        InCollection(Collection<?> c, boolean in) {
            this.c = c;
            this.in = in;
        }

        public boolean test(Object o) {
            return c.contains(o) == in;
        }
    }

    public int addAllAbsent(Collection<? extends E> c) {
        Object[] cs = c.toArray();
        synchronized (lock) {
            Object[] es = array;
            int len = es.length;
            Object[] added = new Object[cs.length];
            int n = 0;
            for (Object e : cs) {
                if (indexOfRange(e, es, 0, len) < 0 && indexOfRange(e, added, 0, n) < 0) {
                    added[n++] = e;
                }
            }
            if (n > 0) {
                Object[] newElements = Arrays.copyOf(es, len + n);
                System.arraycopy(added, 0, newElements, len, n);
                setArray(newElements);
            }
            return n;
        }
    }

    public void clear() {
        synchronized (lock) {
            setArray(new Object[0]);
        }
    }

    public boolean addAll(Collection<? extends E> c) {
        Object[] cs = c.toArray();
        if (cs.length == 0) {
            return false;
        }
        synchronized (lock) {
            Object[] es = array;
            Object[] newElements = Arrays.copyOf(es, es.length + cs.length);
            System.arraycopy(cs, 0, newElements, es.length, cs.length);
            setArray(newElements);
            return true;
        }
    }

    public boolean addAll(int index, Collection<? extends E> c) {
        Object[] cs = c.toArray();
        synchronized (lock) {
            Object[] es = array;
            int len = es.length;
            if (index > len || index < 0) {
                throw new IndexOutOfBoundsException(outOfBounds(index, len));
            }
            if (cs.length == 0) {
                return false;
            }
            Object[] newElements = new Object[len + cs.length];
            System.arraycopy(es, 0, newElements, 0, index);
            System.arraycopy(cs, 0, newElements, index, cs.length);
            System.arraycopy(es, index, newElements, index + cs.length, len - index);
            setArray(newElements);
            return true;
        }
    }

    @SuppressWarnings("unchecked")
    public void forEach(Consumer<? super E> action) {
        Objects.requireNonNull(action);
        for (Object x : array) {
            action.accept((E) x);
        }
    }

    @SuppressWarnings("unchecked")
    public boolean removeIf(Predicate<? super E> filter) {
        Objects.requireNonNull(filter);
        return removeMatching((Predicate<Object>) (Predicate<?>) filter);
    }

    /** Removes the elements `filter` matches (tested once each, under the lock). */
    private boolean removeMatching(Predicate<Object> filter) {
        synchronized (lock) {
            Object[] es = array;
            Object[] kept = new Object[es.length];
            int n = 0;
            for (Object e : es) {
                if (!filter.test(e)) {
                    kept[n++] = e;
                }
            }
            if (n == es.length) {
                return false;
            }
            setArray(Arrays.copyOf(kept, n));
            return true;
        }
    }

    @SuppressWarnings("unchecked")
    public void replaceAll(UnaryOperator<E> operator) {
        Objects.requireNonNull(operator);
        synchronized (lock) {
            Object[] es = array.clone();
            for (int i = 0; i < es.length; i++) {
                es[i] = operator.apply((E) es[i]);
            }
            setArray(es);
        }
    }

    @SuppressWarnings("unchecked")
    public void sort(Comparator<? super E> c) {
        synchronized (lock) {
            Object[] es = array.clone();
            Arrays.sort(es, (Comparator<Object>) c);
            setArray(es);
        }
    }

    public String toString() {
        return Arrays.toString(array);
    }

    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof List)) {
            return false;
        }
        List<?> list = (List<?>) o;
        Iterator<?> it = list.iterator();
        for (Object element : array) {
            if (!it.hasNext() || !Objects.equals(element, it.next())) {
                return false;
            }
        }
        return !it.hasNext();
    }

    public int hashCode() {
        int hashCode = 1;
        for (Object x : array) {
            hashCode = 31 * hashCode + (x == null ? 0 : x.hashCode());
        }
        return hashCode;
    }

    public Iterator<E> iterator() {
        return new COWIterator<E>(array, 0);
    }

    public ListIterator<E> listIterator() {
        return new COWIterator<E>(array, 0);
    }

    public ListIterator<E> listIterator(int index) {
        Object[] es = array;
        int len = es.length;
        if (index < 0 || index > len) {
            throw new IndexOutOfBoundsException(outOfBounds(index, len));
        }
        return new COWIterator<E>(es, index);
    }

    /** A list iterator over one array snapshot; the mutators are unsupported. */
    static final class COWIterator<E> implements ListIterator<E> {
        private final Object[] snapshot;
        private int cursor;

        COWIterator(Object[] es, int initialCursor) {
            cursor = initialCursor;
            snapshot = es;
        }

        public boolean hasNext() {
            return cursor < snapshot.length;
        }

        public boolean hasPrevious() {
            return cursor > 0;
        }

        @SuppressWarnings("unchecked")
        public E next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return (E) snapshot[cursor++];
        }

        @SuppressWarnings("unchecked")
        public E previous() {
            if (!hasPrevious()) {
                throw new NoSuchElementException();
            }
            return (E) snapshot[--cursor];
        }

        public int nextIndex() {
            return cursor;
        }

        public int previousIndex() {
            return cursor - 1;
        }

        public void remove() {
            throw new UnsupportedOperationException();
        }

        public void set(E e) {
            throw new UnsupportedOperationException();
        }

        public void add(E e) {
            throw new UnsupportedOperationException();
        }
    }

    public List<E> subList(int fromIndex, int toIndex) {
        synchronized (lock) {
            Object[] es = array;
            int len = es.length;
            if (fromIndex < 0 || toIndex > len || fromIndex > toIndex) {
                throw new IndexOutOfBoundsException();
            }
            return new COWSubList(es, fromIndex, toIndex - fromIndex);
        }
    }

    /**
     * A range of the list: valid while the list's array is `expectedArray` (the one this view
     * last saw or made); any other change to the list makes it throw
     * ConcurrentModificationException.
     */
    private final class COWSubList extends AbstractList<E> implements RandomAccess {
        private final int offset;
        private int size;
        private Object[] expectedArray;

        COWSubList(Object[] es, int offset, int size) {
            expectedArray = es;
            this.offset = offset;
            this.size = size;
        }

        private void checkForComodification() {
            if (array != expectedArray) {
                throw new ConcurrentModificationException();
            }
        }

        private void rangeCheck(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException(outOfBounds(index, size));
            }
        }

        private void rangeCheckForAdd(int index) {
            if (index < 0 || index > size) {
                throw new IndexOutOfBoundsException(outOfBounds(index, size));
            }
        }

        public E set(int index, E element) {
            synchronized (lock) {
                rangeCheck(index);
                checkForComodification();
                E x = CopyOnWriteArrayList.this.set(offset + index, element);
                expectedArray = array;
                return x;
            }
        }

        public E get(int index) {
            synchronized (lock) {
                rangeCheck(index);
                checkForComodification();
                return CopyOnWriteArrayList.this.get(offset + index);
            }
        }

        public int size() {
            synchronized (lock) {
                checkForComodification();
                return size;
            }
        }

        public boolean add(E element) {
            synchronized (lock) {
                checkForComodification();
                CopyOnWriteArrayList.this.add(offset + size, element);
                expectedArray = array;
                size++;
            }
            return true;
        }

        public void add(int index, E element) {
            synchronized (lock) {
                checkForComodification();
                rangeCheckForAdd(index);
                CopyOnWriteArrayList.this.add(offset + index, element);
                expectedArray = array;
                size++;
            }
        }

        public void clear() {
            synchronized (lock) {
                checkForComodification();
                removeRange(offset, offset + size);
                expectedArray = array;
                size = 0;
            }
        }

        public E remove(int index) {
            synchronized (lock) {
                rangeCheck(index);
                checkForComodification();
                E result = CopyOnWriteArrayList.this.remove(offset + index);
                expectedArray = array;
                size--;
                return result;
            }
        }

        public boolean remove(Object o) {
            synchronized (lock) {
                checkForComodification();
                int index = indexOfRange(o, expectedArray, offset, offset + size);
                if (index < 0) {
                    return false;
                }
                CopyOnWriteArrayList.this.remove(index);
                expectedArray = array;
                size--;
                return true;
            }
        }

        public Iterator<E> iterator() {
            return listIterator(0);
        }

        public ListIterator<E> listIterator(int index) {
            synchronized (lock) {
                checkForComodification();
                rangeCheckForAdd(index);
                return new COWIterator<E>(Arrays.copyOfRange(expectedArray, offset, offset + size), index);
            }
        }

        public List<E> subList(int fromIndex, int toIndex) {
            synchronized (lock) {
                checkForComodification();
                if (fromIndex < 0 || toIndex > size || fromIndex > toIndex) {
                    throw new IndexOutOfBoundsException();
                }
                return new COWSubList(expectedArray, fromIndex + offset, toIndex - fromIndex);
            }
        }
    }
}

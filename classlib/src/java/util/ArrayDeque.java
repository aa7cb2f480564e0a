package java.util;

import java.util.function.Consumer;

/** Resizable circular-array deque (no nulls), as in the JDK. */
public class ArrayDeque<E> extends AbstractCollection<E> implements Deque<E>, Cloneable,
        java.io.Serializable {

    transient Object[] elements;
    transient int head;
    transient int tail;

    public ArrayDeque() {
        elements = new Object[16 + 1];
    }

    public ArrayDeque(int numElements) {
        elements = new Object[(numElements < 1) ? 1
                : (numElements == Integer.MAX_VALUE) ? Integer.MAX_VALUE : numElements + 1];
    }

    public ArrayDeque(Collection<? extends E> c) {
        this(c.size());
        for (E e : c) {
            addLast(e);
        }
    }

    private void grow(int needed) {
        final int oldCapacity = elements.length;
        int jump = (oldCapacity < 64) ? (oldCapacity + 2) : (oldCapacity >> 1);
        int newCapacity = oldCapacity + Math.max(jump, needed);
        if (newCapacity < 0) {
            throw new IllegalStateException("Sorry, deque too big");
        }
        final Object[] es = elements = Arrays.copyOf(elements, newCapacity);
        if (tail < head || (tail == head && es[head] != null)) {
            int newSpace = newCapacity - oldCapacity;
            System.arraycopy(es, head, es, head + newSpace, oldCapacity - head);
            for (int i = head, to = (head += newSpace); i < to; i++) {
                es[i] = null;
            }
        }
    }

    static final int inc(int i, int modulus) {
        if (++i >= modulus) {
            i = 0;
        }
        return i;
    }

    static final int dec(int i, int modulus) {
        if (--i < 0) {
            i = modulus - 1;
        }
        return i;
    }

    static final int sub(int i, int j, int modulus) {
        if ((i -= j) < 0) {
            i += modulus;
        }
        return i;
    }

    @SuppressWarnings("unchecked")
    static final <E> E elementAt(Object[] es, int i) {
        return (E) es[i];
    }

    static final <E> E nonNullElementAt(Object[] es, int i) {
        @SuppressWarnings("unchecked")
        E e = (E) es[i];
        if (e == null) {
            throw new ConcurrentModificationException();
        }
        return e;
    }

    public void addFirst(E e) {
        if (e == null) {
            throw new NullPointerException();
        }
        final Object[] es = elements;
        es[head = dec(head, es.length)] = e;
        if (head == tail) {
            grow(1);
        }
    }

    public void addLast(E e) {
        if (e == null) {
            throw new NullPointerException();
        }
        final Object[] es = elements;
        es[tail] = e;
        if (head == (tail = inc(tail, es.length))) {
            grow(1);
        }
    }

    public boolean addAll(Collection<? extends E> c) {
        final int s = size();
        for (E e : c) {
            addLast(e);
        }
        return size() > s;
    }

    public boolean offerFirst(E e) {
        addFirst(e);
        return true;
    }

    public boolean offerLast(E e) {
        addLast(e);
        return true;
    }

    public E removeFirst() {
        E e = pollFirst();
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e;
    }

    public E removeLast() {
        E e = pollLast();
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e;
    }

    public E pollFirst() {
        final Object[] es = elements;
        final int h = head;
        E e = elementAt(es, h);
        if (e != null) {
            es[h] = null;
            head = inc(h, es.length);
        }
        return e;
    }

    public E pollLast() {
        final Object[] es = elements;
        final int t = dec(tail, es.length);
        E e = elementAt(es, t);
        if (e != null) {
            es[tail = t] = null;
        }
        return e;
    }

    public E getFirst() {
        E e = elementAt(elements, head);
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e;
    }

    public E getLast() {
        final Object[] es = elements;
        E e = elementAt(es, dec(tail, es.length));
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e;
    }

    public E peekFirst() {
        return elementAt(elements, head);
    }

    public E peekLast() {
        final Object[] es = elements;
        return elementAt(es, dec(tail, es.length));
    }

    /** Index (into elements) of the k-th element from the head. */
    private int physical(int k) {
        int i = head + k;
        return i >= elements.length ? i - elements.length : i;
    }

    public boolean removeFirstOccurrence(Object o) {
        if (o != null) {
            for (int k = 0, n = size(); k < n; k++) {
                int i = physical(k);
                if (o.equals(elements[i])) {
                    delete(i);
                    return true;
                }
            }
        }
        return false;
    }

    public boolean removeLastOccurrence(Object o) {
        if (o != null) {
            for (int k = size() - 1; k >= 0; k--) {
                int i = physical(k);
                if (o.equals(elements[i])) {
                    delete(i);
                    return true;
                }
            }
        }
        return false;
    }

    public boolean add(E e) {
        addLast(e);
        return true;
    }

    public boolean offer(E e) {
        return offerLast(e);
    }

    public E remove() {
        return removeFirst();
    }

    public E poll() {
        return pollFirst();
    }

    public E element() {
        return getFirst();
    }

    public E peek() {
        return peekFirst();
    }

    public void push(E e) {
        addFirst(e);
    }

    public E pop() {
        return removeFirst();
    }

    /**
     * Removes the element at physical index i by shifting the elements after it one place
     * towards the head. Always returns true ("later elements moved left").
     */
    boolean delete(int i) {
        final Object[] es = elements;
        final int capacity = es.length;
        int cur = i;
        int last = dec(tail, capacity);
        while (cur != last) {
            int nxt = inc(cur, capacity);
            es[cur] = es[nxt];
            cur = nxt;
        }
        es[last] = null;
        tail = last;
        return true;
    }

    public int size() {
        return sub(tail, head, elements.length);
    }

    public boolean isEmpty() {
        return head == tail;
    }

    public Iterator<E> iterator() {
        return new DeqIterator();
    }

    public Iterator<E> descendingIterator() {
        return new DescendingIterator();
    }

    private class DeqIterator implements Iterator<E> {
        int cursor;
        int remaining = size();
        int lastRet = -1;

        DeqIterator() {
            cursor = head;
        }

        public final boolean hasNext() {
            return remaining > 0;
        }

        public E next() {
            if (remaining <= 0) {
                throw new NoSuchElementException();
            }
            final Object[] es = elements;
            E e = nonNullElementAt(es, cursor);
            cursor = inc(lastRet = cursor, es.length);
            remaining--;
            return e;
        }

        void postDelete(boolean leftShifted) {
            if (leftShifted) {
                cursor = dec(cursor, elements.length);
            }
        }

        public final void remove() {
            if (lastRet < 0) {
                throw new IllegalStateException();
            }
            postDelete(delete(lastRet));
            lastRet = -1;
        }

        public void forEachRemaining(Consumer<? super E> action) {
            Objects.requireNonNull(action);
            while (remaining > 0) {
                action.accept(next());
            }
        }
    }

    private class DescendingIterator extends DeqIterator {
        DescendingIterator() {
            cursor = dec(tail, elements.length);
        }

        public final E next() {
            if (remaining <= 0) {
                throw new NoSuchElementException();
            }
            final Object[] es = elements;
            E e = nonNullElementAt(es, cursor);
            cursor = dec(lastRet = cursor, es.length);
            remaining--;
            return e;
        }

        void postDelete(boolean leftShifted) {
            // elements after lastRet moved towards the head; the cursor (before lastRet) is fine
        }
    }

    public boolean contains(Object o) {
        if (o != null) {
            for (int k = 0, n = size(); k < n; k++) {
                if (o.equals(elements[physical(k)])) {
                    return true;
                }
            }
        }
        return false;
    }

    public boolean remove(Object o) {
        return removeFirstOccurrence(o);
    }

    public void clear() {
        final Object[] es = elements;
        for (int i = 0; i < es.length; i++) {
            es[i] = null;
        }
        head = tail = 0;
    }

    public Object[] toArray() {
        Object[] r = new Object[size()];
        for (int k = 0; k < r.length; k++) {
            r[k] = elements[physical(k)];
        }
        return r;
    }

    @SuppressWarnings("unchecked")
    public <T> T[] toArray(T[] a) {
        int size = size();
        if (a.length < size) {
            a = (T[]) java.lang.reflect.Array.newInstance(a.getClass().getComponentType(), size);
        }
        Object[] r = toArray();
        System.arraycopy(r, 0, a, 0, size);
        if (a.length > size) {
            a[size] = null;
        }
        return a;
    }

    @SuppressWarnings("unchecked")
    public ArrayDeque<E> clone() {
        try {
            ArrayDeque<E> result = (ArrayDeque<E>) super.clone();
            result.elements = Arrays.copyOf(elements, elements.length);
            return result;
        } catch (CloneNotSupportedException e) {
            throw new AssertionError();
        }
    }
}

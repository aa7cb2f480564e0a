package java.lang;

import java.util.Iterator;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;

public interface Iterable<T> {
    Iterator<T> iterator();

    default void forEach(Consumer<? super T> action) {
        Objects.requireNonNull(action);
        for (T t : this) {
            action.accept(t);
        }
    }

    /**
     * A spliterator over iterator(): sized for a collection, with ORDERED for lists and sorted
     * sets, DISTINCT for sets and SORTED for sorted sets (the JDK's own collections override
     * this with their own characteristics; gcvm's do not).
     */
    @SuppressWarnings("unchecked")
    default Spliterator<T> spliterator() {
        if (!(this instanceof java.util.Collection)) {
            return Spliterators.spliteratorUnknownSize(iterator(), 0);
        }
        int characteristics = 0;
        if (this instanceof java.util.List) {
            characteristics |= Spliterator.ORDERED;
        }
        if (this instanceof java.util.Set) {
            characteristics |= Spliterator.DISTINCT;
        }
        if (this instanceof java.util.SortedSet) {
            characteristics |= Spliterator.SORTED | Spliterator.ORDERED;
        }
        return Spliterators.spliterator((java.util.Collection<T>) this, characteristics);
    }
}

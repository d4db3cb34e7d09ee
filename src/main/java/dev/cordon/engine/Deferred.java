package dev.cordon.engine;

import java.util.AbstractList;
import java.util.List;
import java.util.function.Supplier;

/**
 * An immutable list computed the first time it is read. The explanation of a decision (every
 * match and why it lost, what each gate did) costs a tenth of a warm decision, and most callers
 * only act on the decision: they never read it.
 */
final class Deferred<T> extends AbstractList<T> {

    private Supplier<List<T>> supplier;
    private volatile List<T> value;

    private Deferred(Supplier<List<T>> supplier) {
        this.supplier = supplier;
    }

    static <T> List<T> of(Supplier<List<T>> supplier) {
        return new Deferred<>(supplier);
    }

    /** The list itself when deferred (it is immutable), else an immutable copy. */
    static <T> List<T> copyOf(List<T> list) {
        return list instanceof Deferred<T> ? list : List.copyOf(list);
    }

    @Override
    public T get(int index) {
        return value().get(index);
    }

    @Override
    public int size() {
        return value().size();
    }

    private List<T> value() {
        List<T> computed = value;
        if (computed == null) {
            synchronized (this) {
                computed = value;
                if (computed == null) {
                    computed = List.copyOf(supplier.get());
                    value = computed;
                    supplier = null;
                }
            }
        }
        return computed;
    }
}

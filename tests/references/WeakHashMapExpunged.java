import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/** WeakHashMap drops the entries whose keys became unreachable; entries with live keys stay,
 * iterating in the JDK's order. */
public class WeakHashMapExpunged {
    public static void main(String[] args) throws InterruptedException {
        WeakHashMap<Object, Integer> map = new WeakHashMap<>();
        List<Integer> keys = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            Integer k = Integer.valueOf(1000 + i * 37);
            keys.add(k);
            map.put(k, i);
        }
        List<Object> garbage = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            StringBuilder k = new StringBuilder("garbage" + i);
            garbage.add(k);
            map.put(k, i);
        }
        System.out.println("size with every key: " + map.size());
        garbage = null;
        for (int i = 0; i < 100 && map.size() > 50; i++) {
            System.gc();
            Thread.sleep(10);
        }
        System.out.println("size after the garbage keys died: " + map.size());
        StringBuilder order = new StringBuilder();
        for (Map.Entry<Object, Integer> e : map.entrySet()) order.append(e.getKey()).append('=').append(e.getValue()).append(' ');
        System.out.println(order.toString().trim());
        map.put(null, -1);
        System.out.println("null key: " + map.get(null) + ", 1037: " + map.get(1037) + ", contains 40: " + map.containsValue(40));
        map.remove(null);
        keys.subList(0, 25).clear();
        for (int i = 0; i < 100 && map.size() > 25; i++) {
            System.gc();
            Thread.sleep(10);
        }
        System.out.println("size after half the keys died: " + map.size() + " " + map);
        System.out.println(keys.size());
    }
}

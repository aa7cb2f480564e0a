import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/** java.util.stream: object and primitive streams, the common collectors, laziness. */
public class StreamsAndCollectors {
    record Person(String name, String city, int age, double salary) {}

    public static void main(String[] args) {
        List<Person> people = List.of(
            new Person("Ann", "Oslo", 31, 5200.5), new Person("Bob", "Rome", 45, 4100.25),
            new Person("Cid", "Oslo", 27, 3900.0), new Person("Dee", "Lima", 38, 6100.75),
            new Person("Eve", "Rome", 22, 2800.1), new Person("Fay", "Oslo", 51, 7300.3));
        System.out.println(people.stream().filter(p -> p.age() > 30).map(Person::name).collect(Collectors.toList()));
        System.out.println(people.stream().map(Person::city).distinct().sorted().collect(Collectors.joining(", ", "[", "]")));
        Map<String, List<String>> byCity = people.stream().collect(Collectors.groupingBy(Person::city, Collectors.mapping(Person::name, Collectors.toList())));
        System.out.println(byCity);
        System.out.println(people.stream().collect(Collectors.groupingBy(Person::city, () -> new TreeMap<String, Long>(), Collectors.counting())));
        System.out.println(people.stream().collect(Collectors.groupingBy(Person::city, Collectors.summingInt(Person::age))));
        System.out.println(people.stream().collect(Collectors.groupingBy(Person::city, Collectors.averagingDouble(Person::salary))));
        System.out.println(people.stream().collect(Collectors.partitioningBy(p -> p.salary() > 5000, Collectors.counting())));
        System.out.println(people.stream().collect(Collectors.toMap(Person::name, Person::age)));
        try {
            people.stream().collect(Collectors.toMap(Person::city, Person::name));
        } catch (IllegalStateException e) {
            System.out.println(e.getMessage());
        }
        System.out.println(people.stream().collect(Collectors.toMap(Person::city, Person::name, (a, b) -> a + "+" + b)));
        System.out.println(people.stream().mapToDouble(Person::salary).sum() + " " + people.stream().mapToInt(Person::age).average().getAsDouble());
        System.out.println(people.stream().max(Comparator.comparingDouble(Person::salary)).get().name() + " " + people.stream().min(Comparator.comparing(Person::name)).map(Person::name).orElse("?"));
        System.out.println(people.stream().sorted(Comparator.comparing(Person::city).thenComparing(Person::age, Comparator.reverseOrder())).map(Person::name).toList());
        System.out.println(people.stream().anyMatch(p -> p.age() > 50) + " " + people.stream().allMatch(p -> p.age() > 20) + " " + people.stream().noneMatch(p -> p.city().equals("Paris")));
        System.out.println(IntStream.range(0, 10).filter(i -> i % 2 == 1).boxed().collect(Collectors.toList()) + " " + IntStream.rangeClosed(1, 5).sum() + " " + IntStream.rangeClosed(1, 5).reduce(1, (a, b) -> a * b));
        System.out.println(Stream.iterate(1, x -> x * 3).limit(8).map(String::valueOf).collect(Collectors.joining("-")));
        System.out.println(Stream.iterate(1, x -> x < 100, x -> x * 2).skip(2).toList());
        System.out.println(IntStream.iterate(0, i -> i + 7).takeWhile(i -> i < 50).mapToObj(Integer::toString).collect(Collectors.joining(",")));
        System.out.println(Stream.of("a", "bb", "ccc", "dd", "e").dropWhile(s -> s.length() < 3).collect(Collectors.toList()));
        System.out.println(Stream.of(List.of(1, 2), List.of(3), List.<Integer>of()).flatMap(List::stream).map(i -> i * i).reduce(0, Integer::sum));
        System.out.println(Arrays.stream(new int[] { 5, 3, 9, 1, 7 }).sorted().mapToObj(i -> "" + i).collect(Collectors.joining()));
        System.out.println(Arrays.stream(new double[] { 0.1, 0.2, 0.3, 1e16, -1e16 }).sum() + " " + DoubleStream.of(0.1, 0.2, 0.3).average().getAsDouble());
        System.out.println(LongStream.rangeClosed(1, 20).reduce(1L, (a, b) -> a * b) + " " + LongStream.of(4, 8, 15).max().getAsLong());
        System.out.println(IntStream.of(3, 1, 2).summaryStatistics());
        System.out.println("hello world".chars().filter(Character::isLetter).mapToObj(c -> String.valueOf((char) c)).distinct().count());
        System.out.println("line one\nline two\r\nline three\n".lines().map(String::toUpperCase).toList());
        List<String> log = new ArrayList<>();
        Optional<Integer> first = Stream.of(1, 2, 3, 4, 5).peek(i -> log.add("saw " + i)).filter(i -> i > 2).findFirst();
        System.out.println(first.get() + " " + log);
        Stream<Integer> once = Stream.of(1, 2);
        once.count();
        try { once.count(); } catch (IllegalStateException e) { System.out.println(e.getMessage()); }
        System.out.println(Stream.generate(() -> "x").limit(3).collect(Collectors.joining()) + " " + Stream.concat(Stream.of(1), Stream.of(2, 3)).count());
        System.out.println(people.stream().map(Person::name).collect(Collectors.toCollection(TreeSet::new)).first());
        Set<Integer> set = Stream.of(5, 1, 5, 3, 1).collect(Collectors.toSet());
        System.out.println(set + " " + set.getClass().getSimpleName());
        System.out.println(IntStream.range(0, 5).parallel().map(i -> i * i).sum());
        System.out.println(Stream.of("x", "yy", "zzz").collect(Collectors.groupingBy(String::length, Collectors.joining("/"))));
        System.out.println(Stream.of(1, 2, 3, 4).collect(Collectors.reducing(0, x -> x * 10, Integer::sum)) + " " + Stream.of(1, 2, 3).mapToInt(Integer::intValue).max().getAsInt());
        System.out.println(Stream.of("b", "a", "c").sorted(Comparator.reverseOrder()).toArray(String[]::new).length + " " + Arrays.toString(Stream.of(3, 1, 2).sorted().toArray()));
        System.out.println(IntStream.range(0, 20).boxed().collect(Collectors.partitioningBy(i -> i % 3 == 0)));
        System.out.println(String.format("%.2f|%5s|%-6d|%08.3f|%,d", 3.14159, "ab", 42, 2.5, 1234567));
    }
}

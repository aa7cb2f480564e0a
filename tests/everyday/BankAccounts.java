import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.text.NumberFormat;
import java.util.*;

/** A bank simulation as a course exercise writes it: accounts in BigDecimal, monthly interest
 * rounded half-even to the cent, fees, transfers that may bounce, and a statement per account. */
public class BankAccounts {
    static final BigDecimal CENT = new BigDecimal("0.01");

    static final class InsufficientFunds extends Exception {
        InsufficientFunds(String msg) { super(msg); }
    }

    static final class Account {
        final String owner;
        BigDecimal balance = BigDecimal.ZERO.setScale(2);
        final List<String> history = new ArrayList<>();
        Account(String owner) { this.owner = owner; }

        void deposit(BigDecimal amount) {
            if (amount.signum() <= 0) throw new IllegalArgumentException("deposit must be positive: " + amount);
            balance = balance.add(amount).setScale(2, RoundingMode.HALF_EVEN);
            history.add("deposit " + amount.toPlainString());
        }

        void withdraw(BigDecimal amount) throws InsufficientFunds {
            if (balance.compareTo(amount) < 0)
                throw new InsufficientFunds(owner + " has " + balance + ", needs " + amount);
            balance = balance.subtract(amount);
            history.add("withdraw " + amount.toPlainString());
        }

        void addInterest(BigDecimal yearlyRate) {
            BigDecimal monthly = yearlyRate.divide(BigDecimal.valueOf(12), MathContext.DECIMAL64);
            BigDecimal interest = balance.multiply(monthly).setScale(2, RoundingMode.HALF_EVEN);
            balance = balance.add(interest);
            history.add("interest " + interest);
        }
    }

    public static void main(String[] args) {
        NumberFormat money = NumberFormat.getCurrencyInstance(Locale.US);
        NumberFormat percent = NumberFormat.getPercentInstance(Locale.US);
        percent.setMinimumFractionDigits(2);
        Map<String, Account> bank = new TreeMap<>();
        for (String name : new String[] {"ada", "grace", "linus", "barbara"}) bank.put(name, new Account(name));

        Random random = new Random(2026);
        String[] names = bank.keySet().toArray(new String[0]);
        BigDecimal rate = new BigDecimal("0.0425");
        int bounced = 0;
        for (int month = 1; month <= 12; month++) {
            for (Account a : bank.values()) {
                a.deposit(BigDecimal.valueOf(100_00 + random.nextInt(50_000), 2));
            }
            for (int t = 0; t < 6; t++) {
                Account from = bank.get(names[random.nextInt(names.length)]);
                Account to = bank.get(names[random.nextInt(names.length)]);
                BigDecimal amount = BigDecimal.valueOf(random.nextInt(120_000), 2);
                try {
                    from.withdraw(amount);
                    to.deposit(amount.max(CENT));
                } catch (InsufficientFunds e) {
                    bounced++;
                    if (bounced <= 3) System.out.println("bounced: " + e.getMessage());
                } catch (IllegalArgumentException e) {
                    System.out.println("rejected: " + e.getMessage());
                }
            }
            for (Account a : bank.values()) a.addInterest(rate);
        }

        BigDecimal total = BigDecimal.ZERO;
        for (Account a : bank.values()) {
            System.out.println(a.owner + ": " + money.format(a.balance) + " after " + a.history.size() + " entries, last "
                    + a.history.subList(Math.max(0, a.history.size() - 3), a.history.size()));
            total = total.add(a.balance);
        }
        System.out.println("bank total " + money.format(total) + " (" + total.toPlainString() + ")");
        System.out.println("rate " + percent.format(rate) + ", bounced transfers " + bounced);
        BigDecimal average = total.divide(BigDecimal.valueOf(bank.size()), 2, RoundingMode.HALF_UP);
        System.out.println("average " + average + ", scale " + average.scale() + ", precision " + average.precision());
        System.out.println("richest " + Collections.max(bank.values(), Comparator.comparing((Account a) -> a.balance)).owner);
        System.out.println("compound 1000 at 4.25% for 30 years: "
                + new BigDecimal("1000").multiply(BigDecimal.ONE.add(rate).pow(30)).setScale(2, RoundingMode.HALF_EVEN));
        System.out.println("1/3 in DECIMAL32: " + BigDecimal.ONE.divide(new BigDecimal(3), MathContext.DECIMAL32));
        try {
            BigDecimal.ONE.divide(new BigDecimal(3));
        } catch (ArithmeticException e) {
            System.out.println("exact 1/3: " + e.getMessage());
        }
    }
}

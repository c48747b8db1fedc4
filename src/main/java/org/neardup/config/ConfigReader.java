package org.neardup.config;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Typed reads of flat dotted keys from a Storm-style configuration map, each with a default and a
 * range. A bad value is an {@link IllegalArgumentException} naming the key, the value and what was
 * expected, so a topology refuses to start instead of running with a typo. Records every key it is
 * asked for, so unknown {@code neardup.*} keys (misspellings) can be reported.
 */
final class ConfigReader {
  private final Map<String, Object> conf;
  private final Set<String> asked = new TreeSet<>();

  ConfigReader(Map<String, ?> conf) {
    @SuppressWarnings("unchecked")
    Map<String, Object> c = (Map<String, Object>) conf;
    this.conf = c;
  }

  String string(String key, String def) {
    asked.add(key);
    Object v = conf.get(key);
    return v == null ? def : v.toString().trim();
  }

  boolean bool(String key, boolean def) {
    asked.add(key);
    Object v = conf.get(key);
    if (v == null) return def;
    if (v instanceof Boolean b) return b;
    String s = v.toString().trim().toLowerCase(java.util.Locale.ROOT);
    if (s.equals("true")) return true;
    if (s.equals("false")) return false;
    throw bad(key, v, "true or false");
  }

  long integer(String key, long def, long min, long max) {
    asked.add(key);
    Object v = conf.get(key);
    if (v == null) return def;
    long x;
    if (v instanceof Number n && (v instanceof Integer || v instanceof Long || v instanceof Short)) {
      x = n.longValue();
    } else {
      try {
        x = Long.parseLong(v.toString().trim().replace("_", ""));
      } catch (NumberFormatException e) {
        throw bad(key, v, "a whole number in [" + min + ", " + max + "]");
      }
    }
    if (x < min || x > max) throw bad(key, v, "a whole number in [" + min + ", " + max + "]");
    return x;
  }

  int integer(String key, int def, int min, int max) {
    return (int) integer(key, (long) def, min, max);
  }

  double real(String key, double def, double min, double max, boolean exclusiveBounds) {
    asked.add(key);
    Object v = conf.get(key);
    if (v == null) return def;
    double x;
    try {
      x = v instanceof Number n ? n.doubleValue() : Double.parseDouble(v.toString().trim());
    } catch (NumberFormatException e) {
      throw bad(key, v, range(min, max, exclusiveBounds));
    }
    boolean ok = exclusiveBounds ? (x > min && x < max) : (x >= min && x <= max);
    if (!ok || Double.isNaN(x)) throw bad(key, v, range(min, max, exclusiveBounds));
    return x;
  }

  private static String range(double min, double max, boolean exclusive) {
    return "a number in " + (exclusive ? "(" : "[") + min + ", " + max + (exclusive ? ")" : "]");
  }

  /** Keys under {@code prefix} in the map that no getter asked for: misspellings. */
  Set<String> unknown(String prefix) {
    Set<String> out = new TreeSet<>();
    for (String k : conf.keySet()) {
      if (k.startsWith(prefix) && !asked.contains(k)) out.add(k);
    }
    return out;
  }

  static IllegalArgumentException bad(String key, Object value, String expected) {
    return new IllegalArgumentException(
        "configuration key " + key + " = '" + value + "' is invalid: expected " + expected);
  }
}

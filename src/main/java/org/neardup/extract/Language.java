package org.neardup.extract;

/** The language families neardup tokenises differently. */
public enum Language {
  /** Chinese: segmented with jieba (or maximum matching), shingled by characters. */
  ZH,
  /** English and other Latin-script text: split into words, shingled by words. */
  EN,
  /** Anything else: treated like {@link #EN} (words), but reported as is. */
  OTHER;

  public String code() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** Parses "zh", "en" or "other" (any case); anything else is an {@link IllegalArgumentException}. */
  public static Language fromCode(String code) {
    for (Language l : values()) {
      if (l.code().equalsIgnoreCase(code)) return l;
    }
    throw new IllegalArgumentException("unknown language '" + code + "', expected zh, en or other");
  }
}

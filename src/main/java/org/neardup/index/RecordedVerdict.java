package org.neardup.index;

/**
 * The verdict kinds the store records per page. The single-letter codes are the stored form
 * (in Redis records and Lua scripts): never change them.
 */
public enum RecordedVerdict {
  UNIQUE('u'),
  EXACT('e'),
  NEAR('n'),
  /** Too little text to judge near-duplication; only the exact check ran. */
  SKIPPED('s');

  private final char code;

  RecordedVerdict(char code) {
    this.code = code;
  }

  public char code() {
    return code;
  }

  public static RecordedVerdict fromCode(char c) {
    for (RecordedVerdict v : values()) {
      if (v.code == c) return v;
    }
    throw new IllegalArgumentException("unknown recorded verdict code '" + c + "'");
  }
}

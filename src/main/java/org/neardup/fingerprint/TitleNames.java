package org.neardup.fingerprint;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.neardup.text.CodeNames;

/**
 * The names a page's title (and heading) gives, and how often the page writes each. A name is an
 * identifier as code writes it: a run of ASCII letters, digits and underscores that holds a letter
 * and a digit, an underscore, or a capital after a small letter ({@code is_fifo}, {@code i16},
 * {@code GFileOutputStream}, {@code ShrAssign}), or a word of a title joined to another as code
 * joins names ({@link #joined}: {@code deque} in {@code std::deque}, {@code Error} in {@code
 * TEventLog.Error}, {@code variant} in {@code assign(variant)}, {@code Consumer} in {@code
 * Consumer<T>}; never in a host name such as {@code cppreference.com}), a command, lower-case
 * words joined by hyphens ({@link #command}: {@code llvm-tblgen}), or a lower-case word that opens
 * a title in title case ({@link #lowerCaseOpening}: {@code cfloat} in "cfloat File Reference");
 * other plain words ({@code Colour}, {@code 2024}) are not names. Names are compared and counted
 * without regard to case ({@code IPv6} in one edition's title is {@code IPV6} in another's).
 *
 * <p>Reference sites write one page per name from one template: the page of {@code is_fifo} and
 * the page of {@code is_directory} share their example, their "see also" list and every sentence
 * but the name, so their shingles agree as a copy's do. What tells such twins apart is what each
 * is about: each title gives a name the other's does not, and each page writes its own, in its
 * text (a name with an underscore also as the tail of a longer identifier, {@link #snakeTail}) or,
 * for a name of its title, as the last of a qualified name in the heading over the text ({@link
 * #namesAnother}). A localised edition, a later version or a repost of a page keeps the
 * names of its title, or adds to them, so the rule leaves them alone. A site that gives many pages
 * one title names each in the heading over its text ({@link org.neardup.extract.Page#heading}),
 * whose names follow the title's.
 *
 * <p>Stored with the page ({@link FineSignature}): the first {@value #MAX} names of title and
 * heading, of each the names that end a qualified name or stand alone before the qualifiers, each
 * a 32-bit hash and how often the page writes it.
 */
public final class TitleNames {
  /** At most this many names of a title and heading are kept. */
  public static final int MAX = 4;

  /** Top-level domains: a dotted chain that ends in one is a host ("cppreference.com"), no code. */
  private static final Set<String> TOP_LEVEL_DOMAINS = Set.of("com", "org", "net", "edu", "gov",
      "info", "biz", "cn", "uk", "de", "fr", "jp", "ru", "eu", "us", "tv", "me");

  /** Small words title case leaves in lower case ("Pride and Prejudice", "Gone with the Wind"). */
  private static final Set<String> TITLE_CASE_SMALL_WORDS = Set.of("a", "an", "and", "as", "at", "but",
      "by", "for", "from", "in", "into", "of", "on", "or", "the", "to", "vs", "via", "with");

  /** A title without names. */
  public static final TitleNames NONE = new TitleNames(new int[0], new int[0]);

  private final int[] hashes;
  private final int[] counts;

  private TitleNames(int[] hashes, int[] counts) {
    this.hashes = hashes;
    this.counts = counts;
  }

  /** The names of {@code title} (the first {@value #MAX}) and how often {@code text} holds each. */
  public static TitleNames of(String title, String text) {
    return of(title, "", text);
  }

  /**
   * The names of {@code title}, then those of the page's {@code heading} (the first {@value #MAX}
   * of both), and how often each is written: in {@code text}, for a name of the title also in the
   * heading where the heading ends a qualified name with it ({@link #lastOfQualified}), and once
   * for the name that opens the heading and the last name of a qualified name that opens it
   * ({@link #countOpening}). A site
   * that gives many pages one title ("libstdc++: Member List") names each in its heading
   * ("std::codecvt&lt; char, char, mbstate_t &gt; Member List"); a reference that heads a page
   * with the qualified name of what it documents ("Enum ClassUtils.Interfaces" under the title
   * "ClassUtils.Interfaces (Apache Commons Lang 3.12.0 API)", "Package javax.swing.filechooser")
   * says what the page is about even where its text, a template's sentences around a few
   * constants, never writes the name. The qualifiers before it (ClassUtils, javax, swing) count only
   * where the text writes them: one item is documented under two paths ("Struct
   * std::os::unix::io::OwnedFd" and "Struct std::os::fd::OwnedFd").
   */
  public static TitleNames of(String title, String heading, String text) {
    String[] names = new String[MAX];
    int[] n = {0};
    addNames(title, names, n);
    int fromTitle = n[0];
    addNames(heading, names, n);
    if (n[0] == 0) return NONE;
    int[] counts = new int[n[0]];
    count(text, names, counts.length, counts, false);
    if (heading != null) {
      count(heading, names, fromTitle, counts, true);
      countOpening(heading, names, counts);
    }
    int[] hashes = new int[n[0]];
    for (int i = 0; i < hashes.length; i++) hashes[i] = hash(names[i]);
    return new TitleNames(hashes, counts);
  }

  /**
   * Adds to {@code counts} how often {@code s} writes each of the first {@code upTo} names: a run
   * of it (a command: runs joined by hyphens) that equals one, whatever its case, or ends with it
   * after an underscore ({@link #snakeTail}); with {@code qualifiedOnly} only a run that equals one
   * and ends a qualified name ({@link #lastOfQualified}).
   */
  private static void count(String s, String[] names, int upTo, int[] counts, boolean qualifiedOnly) {
    // which names a longer identifier may end with: snake_case ones, looked up once, not per run
    boolean[] snake = new boolean[upTo];
    for (int i = 0; i < upTo; i++) snake[i] = !qualifiedOnly && names[i].indexOf('_') > 0;
    Run count = (start, end) -> {
      if (qualifiedOnly && !lastOfQualified(s, start, end)) return;
      for (int i = 0; i < upTo; i++) {
        String name = names[i];
        boolean same = isRun(s, start, end, name);
        if (!same && snake[i]) same = snakeTail(s, start, end, name);
        if (same && counts[i] < 0xFFFF) counts[i]++;
      }
    };
    forEachRun(s, count);
    if (!qualifiedOnly) forEachHyphenated(s, count);
  }

  /**
   * Adds one to the count of the name that opens {@code heading}: its first run that is not all
   * digits (a section's number), and, when that run opens a qualified name, the chain's last name.
   * A reference heads a page with the name it documents ("rte_tm_error Struct Reference",
   * "2.6.1.9. V4L2_PIX_FMT_SRGGB14 (‘RG14’), …", "Dune::TypeTree::GenericCompositeNodeTransformation<
   * … > Member List"), whose text, the template's sentences or rows it shares with its twins, may
   * never write it.
   */
  private static void countOpening(String heading, String[] names, int[] counts) {
    int[] first = {-1, -1};
    forEachRun(heading, (start, end) -> {
      if (first[0] >= 0) return;
      for (int i = start; i < end; i++) {
        char c = heading.charAt(i);
        if (c < '0' || c > '9') {
          first[0] = start;
          first[1] = end;
          return;
        }
      }
    });
    if (first[0] < 0) return;
    countOnce(heading, first[0], first[1], names, counts);
    // a qualified name opens it: its last name counts too, the class in its namespace
    // ("Dune::TypeTree::GenericCompositeNodeTransformation< … > Member List"); the names between
    // are a path, under which a reference may document one item twice
    // ("std::experimental::filesystem::path" and "std::filesystem::path")
    int start = -1;
    int end = first[1];
    for (int next = scopeAfter(heading, end); next >= 0; next = scopeAfter(heading, end)) {
      int e = next;
      while (e < heading.length() && isRunChar(heading.charAt(e))) e++;
      if (e == next) break;
      start = next;
      end = e;
    }
    if (start >= 0) countOnce(heading, start, end, names, counts);
  }

  /** Counts the name that is the run {@code [start, end)} of {@code heading} once. */
  private static void countOnce(String heading, int start, int end, String[] names, int[] counts) {
    for (int i = 0; i < counts.length; i++) {
      if (isRun(heading, start, end, names[i]) && counts[i] < 0xFFFF) counts[i]++;
    }
  }

  /**
   * Where the next name of a qualified chain starts when a scope ({@code ::}, {@code ->}, or
   * {@code .} before a letter, digit or underscore) follows position {@code end} of {@code s}, or
   * -1.
   */
  private static int scopeAfter(String s, int end) {
    if (s.startsWith("::", end) || s.startsWith("->", end)) return end + 2;
    return end + 1 < s.length() && s.charAt(end) == '.' && isRunChar(s.charAt(end + 1)) ? end + 1 : -1;
  }

  /** Whether the run {@code [start, end)} of {@code s} is {@code name}, whatever its case. */
  private static boolean isRun(String s, int start, int end, String name) {
    return end - start == name.length() && s.regionMatches(true, start, name, 0, name.length());
  }

  /**
   * Whether the run {@code [start, end)} of {@code s} ends with {@code _name}, for a snake_case
   * {@code name} (the caller checks that it is one): C writes a method's name after its type's
   * prefix ({@code gtk_text_buffer_place_cursor} for {@code TextBuffer.place_cursor}).
   */
  private static boolean snakeTail(String s, int start, int end, String name) {
    int n = name.length();
    return end - start > n + 1 && s.charAt(end - n - 1) == '_' && s.regionMatches(true, end - n, name, 0, n);
  }

  /**
   * Whether the run {@code [start, end)} of {@code s} ends a qualified name: it follows a scope
   * ({@code .} after a name, {@code ::}, {@code ->}) and none follows it ({@code Interfaces} in
   * {@code ClassUtils.Interfaces}, {@code filechooser} in {@code javax.swing.filechooser}; not
   * {@code ClassUtils}, nor a word of prose, nor a host name).
   */
  static boolean lastOfQualified(String s, int start, int end) {
    boolean after = start >= 2 && (s.charAt(start - 1) == '.' && isRunChar(s.charAt(start - 2))
        && !isHostName(s, start, end) || s.startsWith("::", start - 2) || s.startsWith("->", start - 2));
    return after && scopeAfter(s, end) < 0;
  }

  /** Adds the names of {@code title} to the first {@code n[0]} names. */
  private static void addNames(String title, String[] names, int[] n) {
    if (title == null) return;
    String command = command(title);
    if (command != null) add(names, n, command);
    String opening = lowerCaseOpening(title);
    if (opening != null) add(names, n, opening);
    // the names a qualified name ends with first, then its qualifiers from the nearest: of
    // "org.osgi.framework.startlevel.dto" the four kept are dto, startlevel, framework and osgi,
    // the names that tell it from its sibling packages, not the root they share
    List<CharSequence> qualifiers = new ArrayList<>();
    int[] chain = {0}; // where the qualifiers of the chain being read start in the list
    forEachRun(title, (start, end) -> {
      boolean qualifier = scopeAfter(title, end) >= 0;
      if (isNameRun(title, start, end)) {
        if (qualifier) qualifiers.add(chain[0], title.subSequence(start, end));
        else add(names, n, title.subSequence(start, end));
      }
      if (!qualifier) chain[0] = qualifiers.size();
    });
    for (CharSequence q : qualifiers) add(names, n, q);
  }

  /**
   * Whether the run {@code [start, end)} of {@code title} is a name: an identifier ({@link
   * #isName}), or a word with a letter joined to another as code joins names ({@link #joined}),
   * one letter only as a file's extension ({@link #extension}).
   */
  private static boolean isNameRun(String title, int start, int end) {
    CharSequence token = title.subSequence(start, end);
    return isName(token) || joined(title, start, end) && (token.length() > 1 || extension(title, start, end))
        && hasLetter(token);
  }

  /** Adds {@code token} to the first {@code n[0]} names, in lower case, unless it is there or they are full. */
  private static void add(String[] names, int[] n, CharSequence token) {
    if (n[0] == MAX) return;
    String name = token.toString().toLowerCase(Locale.ROOT);
    for (int i = 0; i < n[0]; i++) if (names[i].equals(name)) return;
    names[n[0]++] = name;
  }

  /** What stands for the names of a title in its {@linkplain #pattern pattern}. */
  static final String NAME = "<>";

  /**
   * The title with its names taken out: each name ({@link #addNames}'s) and each chain of names
   * joined as code joins them ({@code org.apache.commons.beanutils.locale}, {@code SDL_hints.h})
   * becomes {@value #NAME}, each number {@code #}, the rest is kept in lower case with its spaces
   * made single. What a reference site writes around the names of its titles: {@code "sdl: <> source
   * file"} and {@code "sdl: <> file reference"}, {@code "<> (apache commons <> #.#.# api)"} and
   * {@code "uses of package <> (apache commons <> #.#.# api)"}. Null when the title gives no name:
   * a headline's words are its own, no pattern of the site.
   */
  public static String pattern(String title) {
    if (title == null) return null;
    String command = command(title);
    String opening = lowerCaseOpening(title);
    StringBuilder b = new StringBuilder(title.length());
    int[] copied = {0};
    boolean[] named = {false};
    // whether what was written last stands for a name, which a joined name then continues
    boolean[] lastName = {false};
    int skip = command != null ? title.indexOf(command) + command.length()
        : opening != null ? title.indexOf(opening) + opening.length() : 0;
    if (skip > 0) {
      b.append(NAME);
      copied[0] = skip;
      named[0] = true;
      lastName[0] = true;
    }
    forEachRun(title, (start, end) -> {
      if (start < copied[0]) return;
      CharSequence token = title.subSequence(start, end);
      boolean name = isNameRun(title, start, end);
      boolean number = !hasLetter(token) && token.chars().noneMatch(c -> c == '_');
      if (!name && !number) return;
      String between = title.substring(copied[0], start);
      if (!(name && lastName[0] && isJoiner(between))) {
        b.append(between.toLowerCase(Locale.ROOT)).append(name ? NAME : "#");
      }
      copied[0] = end;
      named[0] |= name;
      lastName[0] = name;
    });
    if (!named[0]) return null;
    b.append(title.substring(copied[0]).toLowerCase(Locale.ROOT));
    return b.toString().strip().replaceAll("\\s+", " ");
  }

  /** Whether {@code between} joins two names as code does: {@code .}, {@code ::}, {@code ->}. */
  private static boolean isJoiner(String between) {
    return between.equals(".") || between.equals("::") || between.equals("->");
  }

  /** Whether both titles give names and the same ones (up to {@value #MAX} of title and heading). */
  public boolean sameNames(TitleNames other) {
    if (hashes.length == 0 || hashes.length != other.hashes.length) return false;
    for (int h : hashes) if (!other.names(h)) return false;
    return true;
  }

  /** How many names the title gives (at most {@value #MAX}). */
  public int size() {
    return hashes.length;
  }

  /**
   * Whether the two titles name two things: each gives a name the other does not, and each page
   * writes that name at least {@code minMentions} times (in its text, or a title's name as the
   * last of a qualified name in its heading). Never with {@code minMentions} 0.
   */
  public boolean namesAnother(TitleNames other, int minMentions) {
    return minMentions > 0 && ownName(other, minMentions) && other.ownName(this, minMentions);
  }

  /** Whether this title gives a name {@code other}'s does not, written minMentions times in its page. */
  private boolean ownName(TitleNames other, int minMentions) {
    for (int i = 0; i < hashes.length; i++) {
      if (counts[i] >= minMentions && !other.names(hashes[i])) return true;
    }
    return false;
  }

  private boolean names(int hash) {
    for (int h : hashes) if (h == hash) return true;
    return false;
  }

  /** Bytes of {@link #encode}: a count, then per name a u32 hash and a u16 count. */
  int encodedSize() {
    return 1 + 6 * hashes.length;
  }

  void encode(ByteBuffer b) {
    b.put((byte) hashes.length);
    for (int i = 0; i < hashes.length; i++) b.putInt(hashes[i]).putShort((short) counts[i]);
  }

  /** {@link #encode}'s form. */
  static TitleNames decode(ByteBuffer b) {
    int n = b.get() & 0xff;
    if (n > MAX) throw new IllegalArgumentException("sketch lists " + n + " title names, at most " + MAX);
    if (n == 0) return NONE;
    int[] hashes = new int[n];
    int[] counts = new int[n];
    for (int i = 0; i < n; i++) {
      hashes[i] = b.getInt();
      counts[i] = b.getShort() & 0xFFFF;
    }
    return new TitleNames(hashes, counts);
  }

  /**
   * Whether the run {@code [start, end)} of {@code title} is joined to another run as code joins
   * names: by {@code ::}, {@code .} or {@code ->} ({@code std::deque}, {@code TEventLog.Error},
   * {@code os.path}), as a call, its argument and its type ({@code assign(variant):currency}), or
   * as a generic type its parameter ({@code Consumer} in {@code Consumer<T>}). Spaces break a
   * join: "Apple (AAPL)", "the end. Next" and "a < b" join nothing.
   */
  static boolean joined(String title, int start, int end) {
    boolean dot = !isHostName(title, start, end)
        && (start >= 2 && title.charAt(start - 1) == '.' && isRunChar(title.charAt(start - 2))
            || end + 1 < title.length() && title.charAt(end) == '.' && isRunChar(title.charAt(end + 1)));
    boolean call = start >= 2 && title.charAt(start - 1) == '(' && isRunChar(title.charAt(start - 2))
        || end < title.length() && title.charAt(end) == '('
        || start >= 2 && title.startsWith("):", start - 2);
    boolean scope = start >= 2 && (title.startsWith("::", start - 2) || title.startsWith("->", start - 2))
        || title.startsWith("::", end) || title.startsWith("->", end);
    boolean generic = end + 1 < title.length() && title.charAt(end) == '<' && typeParameter(title, end + 1);
    return dot || call || scope || generic;
  }

  /**
   * Whether a type parameter starts at {@code from}: a run that opens with a letter or an
   * underscore and ends at {@code >}, {@code ,}, {@code <}, {@code :} or a space ({@code T>},
   * {@code K, V>}, {@code std::string>}), unlike a number ("Price<100") or an address
   * ("John<john@example.com>").
   */
  private static boolean typeParameter(String title, int from) {
    char first = title.charAt(from);
    if (!(first >= 'a' && first <= 'z' || first >= 'A' && first <= 'Z' || first == '_')) return false;
    int end = from;
    while (end < title.length() && isRunChar(title.charAt(end))) end++;
    return end < title.length() && ">,<: ".indexOf(title.charAt(end)) >= 0;
  }

  /**
   * Whether the run {@code [start, end)} ends a file's name as its extension: after a dot that
   * follows a word of two characters or more with a letter, and before no further dot and word
   * ({@code h} in {@code regex_compiler.h}, against {@code tcc} in {@code regex_compiler.tcc}; not
   * {@code x} in "Node 18.x"). Such a letter is a name though one letter alone is not ({@code p}
   * in {@code p->next}).
   */
  static boolean extension(String title, int start, int end) {
    if (start < 3 || title.charAt(start - 1) != '.') return false;
    int name = start - 1;
    while (name > 0 && isRunChar(title.charAt(name - 1))) name--;
    if (start - 1 - name < 2 || !hasLetter(title.subSequence(name, start - 1))) return false;
    // the file's name ends here: no further dot and name, but a sentence's full stop may follow
    return end == title.length() || !isRunChar(title.charAt(end))
        && !(title.charAt(end) == '.' && end + 1 < title.length() && isRunChar(title.charAt(end + 1)));
  }

  /**
   * The chain of lower-case runs joined by hyphens that opens the title, as a command heads its
   * manual page ({@code llvm-tblgen - Target Description to C++ Code}, {@code
   * git-diff-files(1)}), or null when the title opens with none. Inside a title a hyphenated word is
   * prose ("Setting up e-mail", "A step-by-step guide"), which a retitled repost changes; capitals
   * ("Colour-Picker", "Wi-Fi") and the lack of a letter ("2023-2024") also make no command. The
   * whole chain is one name, so {@code git-diff} and {@code git-diff-files} are two; a run of it
   * that is a name by itself ({@code diff} in {@code git-diff(1)}) is one too.
   */
  static String command(String title) {
    if (title == null) return null;
    int from = 0;
    while (from < title.length() && Character.isWhitespace(title.charAt(from))) from++;
    int to = from;
    int runs = 0;
    while (to < title.length() && isRunChar(title.charAt(to))) {
      while (to < title.length() && isRunChar(title.charAt(to))) to++;
      runs++;
      if (to + 1 < title.length() && title.charAt(to) == '-' && isRunChar(title.charAt(to + 1))) to++;
    }
    if (runs < 2) return null;
    boolean letter = false;
    for (int i = from; i < to; i++) {
      char c = title.charAt(i);
      if (c != '-' && !isLowerRunChar(c)) return null;
      letter |= c >= 'a' && c <= 'z';
    }
    return letter ? title.substring(from, to) : null;
  }

  /**
   * The lower-case word that opens a title whose other words are in title case, each from a
   * capital ({@code cfloat} in "cfloat File Reference", {@code deque} in "deque Class Template
   * Reference"), or null. Title case capitalises a title's first word, so one left in lower case
   * is written as code writes it: a header, a function, a type. Small words ({@code of}, {@code
   * and}) may stay small; a title of one word, or one in sentence case ("cfloat file reference",
   * "iPhone review"), gives none.
   */
  static String lowerCaseOpening(String title) {
    if (title == null) return null;
    int from = 0;
    while (from < title.length() && Character.isWhitespace(title.charAt(from))) from++;
    int to = from;
    while (to < title.length() && isLowerRunChar(title.charAt(to))) to++;
    if (to == from || to == title.length() || title.charAt(to) != ' ') return null;
    String word = title.substring(from, to);
    if (!hasLetter(word) || TITLE_CASE_SMALL_WORDS.contains(word)) return null;
    int capitalised = 0;
    for (int i = to; i < title.length(); ) {
      char c = title.charAt(i);
      if (!Character.isLetter(c)) {
        i++;
        continue;
      }
      int end = i;
      while (end < title.length() && Character.isLetter(title.charAt(end))) end++;
      if (Character.isUpperCase(c)) capitalised++;
      else if (!TITLE_CASE_SMALL_WORDS.contains(title.substring(i, end))) return null;
      i = end;
    }
    return capitalised > 0 ? word : null;
  }

  /** Each maximal chain of two or more runs joined by single hyphens in {@code s}. */
  private static void forEachHyphenated(String s, Run out) {
    if (s == null) return;
    int start = -1;
    int runs = 0;
    for (int i = 0; i <= s.length(); i++) {
      char c = i < s.length() ? s.charAt(i) : ' ';
      if (isRunChar(c)) {
        if (start < 0) {
          start = i;
          runs = 1;
        }
      } else if (c == '-' && start >= 0 && i > 0 && isRunChar(s.charAt(i - 1)) && i + 1 < s.length()
          && isRunChar(s.charAt(i + 1))) {
        runs++;
      } else if (start >= 0) {
        if (runs > 1) out.at(start, i);
        start = -1;
      }
    }
  }

  private static boolean isLowerRunChar(char c) {
    return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_';
  }

  /**
   * Whether the run {@code [start, end)} is in a chain of runs joined by dots that ends in a
   * top-level domain.
   */
  private static boolean isHostName(String title, int start, int end) {
    int lastStart = start;
    int lastEnd = end;
    while (lastEnd + 1 < title.length() && title.charAt(lastEnd) == '.' && isRunChar(title.charAt(lastEnd + 1))) {
      lastStart = lastEnd + 1;
      lastEnd = lastStart;
      while (lastEnd < title.length() && isRunChar(title.charAt(lastEnd))) lastEnd++;
    }
    return TOP_LEVEL_DOMAINS.contains(title.substring(lastStart, lastEnd).toLowerCase(Locale.ROOT));
  }

  private static boolean hasLetter(CharSequence token) {
    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') return true;
    }
    return false;
  }

  private static boolean isRunChar(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
  }

  /** Whether {@code token} (letters, digits, underscores) is a name, as the class comment says. */
  static boolean isName(CharSequence token) {
    boolean letter = false;
    boolean mark = false;
    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      if (c != '_' && (c < '0' || c > '9')) letter = true;
      if (CodeNames.isMark(token, i)) mark = true;
    }
    return letter && mark;
  }

  /** Where {@link #forEachRun} found a run: {@code s.substring(start, end)}. */
  private interface Run {
    void at(int start, int end);
  }

  /** Each maximal run of ASCII letters, digits and underscores of {@code s}. */
  private static void forEachRun(String s, Run out) {
    if (s == null) return;
    int start = -1;
    for (int i = 0; i <= s.length(); i++) {
      char c = i < s.length() ? s.charAt(i) : ' ';
      if (isRunChar(c)) {
        if (start < 0) start = i;
      } else if (start >= 0) {
        out.at(start, i);
        start = -1;
      }
    }
  }

  /** A name's hash, of its lower case ({@code IPv6} and {@code IPV6} are one name). */
  private static int hash(String lowerCaseName) {
    long h = Hashes.murmur64(lowerCaseName);
    return (int) (h ^ (h >>> 32));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TitleNames t && Arrays.equals(hashes, t.hashes) && Arrays.equals(counts, t.counts);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(hashes);
  }
}

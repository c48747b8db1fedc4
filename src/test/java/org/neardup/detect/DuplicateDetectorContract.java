package org.neardup.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.neardup.extract.Language;
import org.neardup.extract.Page;
import org.neardup.extract.PageExtractor;
import org.neardup.fingerprint.FingerprintSettings;
import org.neardup.fingerprint.Fingerprinter;
import org.neardup.fingerprint.IdfTable;
import org.neardup.fingerprint.IndexSignature;
import org.neardup.index.IndexStore;
import org.neardup.index.FlakyStore;
import org.neardup.index.IndexSettings;
import org.neardup.index.StoreException;
import org.neardup.text.TextAnalyzer;

/** The detector's behaviour, run against every store (memory and a real Redis). */
abstract class DuplicateDetectorContract {
  static final Fingerprinter FINGERPRINTER =
      new Fingerprinter(FingerprintSettings.defaults(), TextAnalyzer.standard(), IdfTable.prior());
  static final PageExtractor EXTRACTOR = new PageExtractor();

  IndexStore store;
  DuplicateDetector detector;

  abstract IndexStore newStore();

  /** The default layout with a Bloom filter sized for a test, not for a 10^8-page crawl. */
  static IndexSettings testSettings(String namespace) {
    return IndexSettings.defaults(namespace).withBloomExpectedItems(100_000);
  }

  @BeforeEach
  void open() {
    store = newStore();
    detector = new DuplicateDetector(FINGERPRINTER, store, DetectorSettings.defaults());
  }

  @AfterEach
  void close() {
    store.close();
  }

  /** A page of the bundled demo site, fetched from another url so templates and urls vary. */
  static Page demo(String path, String url) {
    try (InputStream in = DuplicateDetectorContract.class.getResourceAsStream("/demo-site/" + path)) {
      if (in == null) throw new IllegalStateException("no demo page " + path);
      return EXTRACTOR.extract(url, in.readAllBytes(), null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Verdict check(Page p) {
    return detector.check(p, p.url(), 1000);
  }

  @Test
  void uniqueThenExactThenNear() {
    Verdict original = check(demo("news-a/flood.html", "http://a/flood"));
    assertEquals(VerdictKind.UNIQUE, original.kind());
    assertNull(original.originalUrl());

    Verdict exact = check(demo("news-b/flood-reprint.html", "http://b/flood"));
    assertEquals(VerdictKind.EXACT, exact.kind());
    assertEquals("http://a/flood", exact.originalUrl());
    assertEquals("exact", exact.detector());
    assertEquals(1000, exact.originalFetchedAt());

    Verdict near = check(demo("blog-c/flood.html", "http://c/flood"));
    assertEquals(VerdictKind.NEAR, near.kind(), near.toString());
    assertEquals("http://a/flood", near.originalUrl());
    assertTrue(near.scores().containsKey("jaccard_estimate"), near.scores().toString());
  }

  @Test
  void differentArticlesInOneTemplateAndOnOneTopicStayUnique() {
    for (String p : List.of("news-b/football.html", "news-a/match-report.html", "news-b/night-market.html",
        "world-d/marathon.html", "mirror-e/marathon-scenes.html", "world-d/robotics.html")) {
      Verdict v = check(demo(p, "http://x/" + p));
      assertEquals(VerdictKind.UNIQUE, v.kind(), p + " " + v);
    }
  }

  /**
   * The sibling pages of a help site ({@link SiblingSite}) share half their shingles: enough for
   * the rule between pages of two sites, which would call each of them a copy of the first. On
   * their own site they stay unique, and the page's edition of another language variant, on the
   * same site, and a copy of a page on another site are still found.
   */
  @Test
  void siblingPagesOfOneSiteStayUniqueWhileTheirCopiesAreFound() {
    for (boolean zh : List.of(false, true)) {
      List<SiblingSite.Function> functions = zh ? SiblingSite.ZH : SiblingSite.EN;
      String base = "https://help.tallyo.example/" + (zh ? "zh-CN/" : "en-US/");
      Page first = SiblingSite.page(base + "sumx.html", SiblingSite.html(functions.get(0), zh));
      Page second = SiblingSite.page(base + "avgx.html", SiblingSite.html(functions.get(1), zh));
      double jaccard = FINGERPRINTER.of(first).minhash().length == 0 ? 0
          : org.neardup.fingerprint.MinHash.estimate(FINGERPRINTER.of(first).minhash(), FINGERPRINTER.of(second).minhash());
      assertTrue(jaccard >= 0.3 && jaccard < 0.6, "siblings share about half their shingles: " + jaccard);
      for (SiblingSite.Function f : functions) {
        Verdict v = check(SiblingSite.page(base + f.name().toLowerCase(java.util.Locale.ROOT) + ".html", SiblingSite.html(f, zh)));
        assertEquals(VerdictKind.UNIQUE, v.kind(), f.name() + (zh ? " zh " : " en ") + v);
      }
    }
    Verdict gb = check(SiblingSite.page("https://help.tallyo.example/en-GB/sumx.html", SiblingSite.britishEdition(SiblingSite.EN.get(0))));
    assertEquals(VerdictKind.NEAR, gb.kind(), gb.toString());
    assertEquals("https://help.tallyo.example/en-US/sumx.html", gb.originalUrl());
    assertEquals(true, gb.scores().get("same_site"), gb.toString());
    Verdict repost = check(SiblingSite.page("https://spreadsheet-tips.example/avgx-explained.html",
        SiblingSite.britishEdition(SiblingSite.EN.get(1))));
    assertEquals(VerdictKind.NEAR, repost.kind(), repost.toString());
    assertEquals("https://help.tallyo.example/en-US/avgx.html", repost.originalUrl());
    assertEquals(false, repost.scores().get("same_site"), repost.toString());
  }

  /** The English edition of the help site of {@link SiblingSite}, and a mirror of it on another domain. */
  static final String HELP = "https://help.tallyo.example/en-US/";
  static final String MIRROR = "https://tallyo.mirror-docs.example/help/en-US/";

  /**
   * A help site served again from another domain, a mirror. Once a page of the mirror is an exact
   * copy of the help site's page of the same name, the two sites mirror each other, for every
   * detector over the store: a page of the mirror under another name is a page of the help site
   * for the rule (the rule for one site, and the verdict says so), and stays unique; under the
   * same name it is the mirror's copy of the page, and the rule for two sites still finds the
   * mirror's British edition of it. With {@code neardup.mirrors} off, a page of the mirror is a
   * page of another site, and a sibling passes the rule for two sites: the failure this prevents.
   */
  @Test
  void pagesOfOtherNamesOnTwoMirrorsAreJudgedAsPagesOfOneSite() {
    List<SiblingSite.Function> f = SiblingSite.EN;
    assertEquals(VerdictKind.UNIQUE, check(SiblingSite.page(HELP, f.get(0))).kind());

    Verdict copy = check(SiblingSite.page(MIRROR, f.get(0)));
    assertEquals(VerdictKind.EXACT, copy.kind(), copy.toString());
    DuplicateDetector other = new DuplicateDetector(FINGERPRINTER, store, DetectorSettings.defaults());
    for (SiblingSite.Function g : f.subList(2, 4)) {
      Page p = SiblingSite.page(MIRROR, g);
      Verdict v = other.check(p, p.url(), 1000);
      assertEquals(VerdictKind.UNIQUE, v.kind(), g.name() + " " + v);
      @SuppressWarnings("unchecked")
      Map<String, Object> nearest = (Map<String, Object>) v.scores().get("nearest");
      assertEquals(true, nearest.get("same_site"), v.toString());
      assertEquals(true, nearest.get("mirror_sites"), v.toString());
    }
    Verdict gb = check(SiblingSite.page("https://tallyo.mirror-docs.example/help/en-GB/sumx.html",
        SiblingSite.britishEdition(f.get(0))));
    assertEquals(VerdictKind.NEAR, gb.kind(), gb.toString());
    assertEquals(HELP + "sumx.html", gb.originalUrl());
    assertEquals(false, gb.scores().get("same_site"), gb.toString());

    DetectorSettings d = DetectorSettings.defaults();
    DuplicateDetector unaware = new DuplicateDetector(FINGERPRINTER, store,
        new DetectorSettings(d.minTextChars(), d.thresholds(), d.preferCanonical(), false));
    Page p = SiblingSite.page(MIRROR, f.get(4));
    Verdict v = unaware.check(p, p.url(), 1000);
    assertEquals(VerdictKind.NEAR, v.kind(), "neardup.mirrors off: " + v);
    assertEquals(false, v.scores().get("same_site"), v.toString());
  }

  /** Two sites the store could not record as mirrors: the verdicts stand, the next exact copy says it again. */
  @Test
  void mirrorsTheStoreCannotTakeFailNoPage() {
    List<SiblingSite.Function> f = SiblingSite.EN;
    FlakyStore flaky = new FlakyStore(store, 0, 0);
    DuplicateDetector d = new DuplicateDetector(FINGERPRINTER, flaky, DetectorSettings.defaults());
    for (SiblingSite.Function g : f.subList(0, 2)) {
      Page p = SiblingSite.page(HELP, g);
      assertEquals(VerdictKind.UNIQUE, d.check(p, p.url(), 1000).kind(), g.name());
    }
    flaky.failMirrors(true);
    Page sumx = SiblingSite.page(MIRROR, f.get(0));
    assertEquals(VerdictKind.EXACT, d.check(sumx, sumx.url(), 1000).kind(), "the verdict stands");
    assertEquals(1, d.lostMirrors());
    flaky.failMirrors(false);
    Page avgx = SiblingSite.page(MIRROR, f.get(1));
    assertEquals(VerdictKind.EXACT, d.check(avgx, avgx.url(), 1000).kind());
    Page minx = SiblingSite.page(MIRROR, f.get(2));
    Verdict v = d.check(minx, minx.url(), 1000);
    assertEquals(VerdictKind.UNIQUE, v.kind(), "learned from the next exact copy: " + v);
    assertEquals(1, d.lostMirrors());
  }

  /**
   * Two command pages of a help site whose longest paragraph is the caption of their illustration,
   * the same caption but for the last words: each page's text is its own description and menu path
   * with the figure, not the caption alone, so the second page stays unique; the same page in the
   * British edition is still found.
   */
  @Test
  void commandPagesThatShareTheirIllustrationsCaptionStayUnique() {
    String base = "https://help.drawo.example/en-US/";
    Page replace = SiblingSite.page(base + "mask-replace.html", commandPage("Mask to Selection",
        "turns the mask of the active layer into a selection, which replaces the selection the drawing had",
        "replaces the first selection"));
    Page subtract = SiblingSite.page(base + "mask-subtract.html", commandPage("Subtract Mask from Selection",
        "turns the mask of the active layer into a selection and takes it away from the selection the drawing had",
        "is taken away from the first selection"));
    assertEquals(VerdictKind.UNIQUE, check(replace).kind());
    Verdict v = check(subtract);
    assertEquals(VerdictKind.UNIQUE, v.kind(), v.toString());
    Verdict gb = check(SiblingSite.page("https://help.drawo.example/en-GB/mask-replace.html",
        commandPage("Mask to Selection", "turns the mask of the active layer into a selection, which"
            + " replaces the selection the drawing had", "replaces the first selection")));
    assertEquals(VerdictKind.EXACT, gb.kind(), gb.toString());
    assertEquals(base + "mask-replace.html", gb.originalUrl());
  }

  /**
   * Index pages of one reference: the index of every name, then the index of the macros among
   * them (held whole in the first), then the members of a class and those of its subclass, which
   * lists most of them again as inherited. Each is a list of its own and stays (the rule for two
   * lists, {@code ItemListTest}; a list's shingles count their repeats, {@code ShinglesTest}); the
   * index served again on a mirror is still an exact copy.
   */
  @Test
  void indexesThatHoldEachOthersItemsStayUnique() {
    String base = "https://docs.bytepack.example/api/";
    assertEquals(VerdictKind.UNIQUE, check(SiblingSite.page(base + "names.html", indexPage("Index of names", 0, 120, 1))).kind());
    Verdict macros = check(SiblingSite.page(base + "macros.html", indexPage("Index of macros", 0, 120, 4)));
    assertEquals(VerdictKind.UNIQUE, macros.kind(), macros.toString());
    assertEquals(VerdictKind.UNIQUE, check(SiblingSite.page(base + "stream-members.html", indexPage("Stream members", 200, 260, 1))).kind());
    Verdict subclass = check(SiblingSite.page(base + "filestream-members.html", indexPage("FileStream members", 206, 266, 1)));
    assertEquals(VerdictKind.UNIQUE, subclass.kind(), subclass.toString());
    Verdict mirror = check(SiblingSite.page("https://mirror.example.net/bytepack/api/names.html", indexPage("Index of names", 0, 120, 1)));
    assertEquals(VerdictKind.EXACT, mirror.kind(), mirror.toString());
    assertEquals(base + "names.html", mirror.originalUrl());
  }

  /** A list of links to every {@code step}-th name from {@code from} to {@code to}, each with its header file. */
  private static String indexPage(String title, int from, int to, int step) {
    String[] words = {"pack", "unpack", "open", "close", "grow", "seek", "flush", "peek", "skip", "mark"};
    StringBuilder html = new StringBuilder("<html><head><title>" + title + " - bytepack</title></head><body>"
        + "<nav><a href='index.html'>Home</a> <a href='names.html'>Names</a></nav><main><h1>" + title + "</h1><ul>");
    for (int i = from; i < to; i += step) {
      String name = "bp_" + words[i % words.length] + "_" + i;
      html.append("<li><a href='").append(name).append(".html'>").append(name).append("()</a> : <a href='bytepack_")
          .append(i % 7).append(".h.html'>bytepack_").append(i % 7).append(".h</a></li>");
    }
    return html.append("</ul></main></body></html>").toString();
  }

  /**
   * Two pages of an API reference written from one template for two names share every sentence but
   * the name: as shingles they agree as a copy does. Each title gives its own name and each text
   * repeats it, so they are twins and both stay; the page of one name reposted with an edit is
   * still its copy.
   */
  @Test
  void referencePagesOfTwoNamesStayUnique() {
    String base = "https://docs.bytepack.example/api/";
    assertEquals(VerdictKind.UNIQUE, check(EXTRACTOR.extract(base + "pack_u16.html", apiPage("pack_u16", "16", ""))).kind());
    Verdict u32 = check(EXTRACTOR.extract(base + "pack_u32.html", apiPage("pack_u32", "32", "")));
    assertEquals(VerdictKind.UNIQUE, u32.kind(), u32.toString());
    assertEquals(true, ((Map<?, ?>) u32.scores().get("nearest")).get("twin_names"), u32.toString());
    Verdict repost = check(EXTRACTOR.extract("https://mirror.example.net/bytepack/pack_u16.html",
        apiPage("pack_u16", "16", " It is the function most programs call first.")));
    assertEquals(VerdictKind.NEAR, repost.kind(), repost.toString());
    assertEquals(base + "pack_u16.html", repost.originalUrl());
  }

  /**
   * A reference documents an interface's method and the method of the class that implements it in
   * the same words: the two texts are one, the titles name two things. The fine rule keeps such
   * twins apart whatever their texts share, and so does the exact check: both pages stay, and a
   * mirror of the first is still its exact copy.
   */
  @Test
  void oneTextUnderTwoNamesIsNoExactCopy() {
    String base = "https://docs.configkit.example/api/";
    String page = "<html><head><title>%1$s.Set Method</title></head><body><h1>%1$s.Set Method</h1>"
        + "<p>Sets a key value.</p><h4>Parameters</h4><dl><dt>key</dt><dd>Configuration key.</dd>"
        + "<dt>value</dt><dd>Value to set for the key. The set value will be the result of the object's"
        + " ToString value, so that a number and its text are one value.</dd></dl></body></html>";
    Verdict iface = check(EXTRACTOR.extract(base + "IConfig.Set.html", page.formatted("IConfig")));
    assertEquals(VerdictKind.UNIQUE, iface.kind(), iface.toString());
    Verdict impl = check(EXTRACTOR.extract(base + "ConfigBase.Set.html", page.formatted("ConfigBase")));
    assertEquals(VerdictKind.UNIQUE, impl.kind(), impl.toString());
    assertEquals(base + "IConfig.Set.html", impl.scores().get("twin_of"), impl.toString());
    Verdict mirror = check(EXTRACTOR.extract("https://mirror.example.net/configkit/IConfig.Set.html",
        page.formatted("IConfig")));
    assertEquals(VerdictKind.EXACT, mirror.kind(), mirror.toString());
    assertEquals(base + "IConfig.Set.html", mirror.originalUrl());
  }

  /**
   * A generated reference gives every class's list of members one title ("bytepack: Member List")
   * and names the class only in its heading and in its own rows; two classes that inherit most of
   * their members from one parent list nearly the same rows. The headings name two things, so both
   * lists stay; a mirror of one list on another host is still its copy.
   */
  @Test
  void memberListsUnderOneTitleAreToldApartByTheirHeadings() {
    String base = "https://docs.bytepack.example/api/";
    assertEquals(VerdictKind.UNIQUE, check(EXTRACTOR.extract(base + "a0016.html", memberList("reader_u16"))).kind());
    Verdict u32 = check(EXTRACTOR.extract(base + "a0032.html", memberList("reader_u32")));
    assertEquals(VerdictKind.UNIQUE, u32.kind(), u32.toString());
    assertEquals(true, ((Map<?, ?>) u32.scores().get("nearest")).get("twin_names"), u32.toString());
    Verdict mirror = check(EXTRACTOR.extract("https://mirror.example.net/bytepack/a0016.html", memberList("reader_u16")));
    assertNotEquals(VerdictKind.UNIQUE, mirror.kind(), mirror.toString());
    assertEquals(base + "a0016.html", mirror.originalUrl());
  }

  /**
   * A reference lists its classes twice: by name ("Class List") and by what each derives from
   * ("Class Hierarchy"), each row a class's name and its one-line description. Both hold the same
   * rows in two orders; the order of items is part of them (the shingles across the break between
   * two items, {@code ShinglesTest}), so both stay. The class list served again on a mirror is
   * still its copy.
   */
  @Test
  void aClassListAndTheClassHierarchyStayUnique() {
    String base = "https://docs.bytepack.example/api/";
    List<Integer> byName = new ArrayList<>();
    for (int i = 0; i < CLASSES.length; i++) byName.add(i);
    List<Integer> byParent = new ArrayList<>();
    for (int step : new int[] {0, 1, 2}) for (int i = step; i < CLASSES.length; i += 3) byParent.add(i);
    assertEquals(VerdictKind.UNIQUE, check(EXTRACTOR.extract(base + "annotated.html", classTable("Class List", byName))).kind());
    Verdict hierarchy = check(EXTRACTOR.extract(base + "hierarchy.html", classTable("Class Hierarchy", byParent)));
    assertEquals(VerdictKind.UNIQUE, hierarchy.kind(), hierarchy.toString());
    Verdict mirror = check(EXTRACTOR.extract("https://mirror.example.net/bytepack/annotated.html", classTable("Class List", byName)));
    assertNotEquals(VerdictKind.UNIQUE, mirror.kind(), mirror.toString());
    assertEquals(base + "annotated.html", mirror.originalUrl());
  }

  private static final String[] CLASSES = {
    "Buffer|A growable array of bytes that a packer writes into",
    "BufferError|Thrown when a buffer cannot grow because memory is exhausted",
    "Packer|Writes numbers and strings to a buffer in network byte order",
    "Unpacker|Reads numbers and strings back from a buffer in network byte order",
    "PackError|The base class of every error the library raises while packing",
    "RangeError|Thrown when a number does not fit the width it is packed with",
    "Reader|Reads a stream of packed records from a file or a socket",
    "Writer|Writes a stream of packed records to a file or a socket",
    "Record|One packed record with its length and its checksum",
    "Schema|Describes the fields of a record and the order they are packed in",
    "SchemaError|Thrown when a record does not match the schema it is read with",
    "Checksum|Computes the checksum that ends every packed record"};

  /** A Doxygen-style table of classes: a name in one cell, its description in the next. */
  private static String classTable(String title, List<Integer> order) {
    StringBuilder rows = new StringBuilder();
    for (int i : order) {
      String[] c = CLASSES[i].split("\\|");
      rows.append("<tr><td class='entry'><a class='el' href='class").append(c[0]).append(".html'>bytepack::")
          .append(c[0]).append("</a></td><td class='desc'>").append(c[1]).append("</td></tr>");
    }
    return "<html><head><title>bytepack: " + title + "</title></head><body><div class='header'><div class='headertitle'>"
        + "<div class='title'>" + title + "</div></div></div><div class='contents'><div class='textblock'>"
        + "Here are the classes with brief descriptions:</div><table class='directory'>" + rows
        + "</table></div></body></html>";
  }

  /**
   * A reference writes one page per header from one template, headed by the header's name in
   * lower case before words in title case ("cfloat File Reference"): the name is written as code
   * writes it, each text names its own header, so the pages are twins and both stay. The page on a
   * mirror is still its copy.
   */
  @Test
  void headerPagesOfOneTemplateStayUnique() {
    String base = "https://docs.bytepack.example/api/";
    assertEquals(VerdictKind.UNIQUE, check(EXTRACTOR.extract(base + "a00263.html", headerPage("bpfloat", "float"))).kind());
    Verdict wide = check(EXTRACTOR.extract(base + "a00317.html", headerPage("bpwchar", "wchar")));
    assertEquals(VerdictKind.UNIQUE, wide.kind(), wide.toString());
    assertEquals(true, ((Map<?, ?>) wide.scores().get("nearest")).get("twin_names"), wide.toString());
    Verdict mirror = check(EXTRACTOR.extract("https://mirror.example.net/bytepack/a00263.html", headerPage("bpfloat", "float")));
    assertNotEquals(VerdictKind.UNIQUE, mirror.kind(), mirror.toString());
    assertEquals(base + "a00263.html", mirror.originalUrl());
  }

  /**
   * Two enum pages of one Javadoc-style site: a few constants each among the template's sentences
   * on {@code values} and {@code valueOf}, which neither text ties to its name. Each heading ends
   * a qualified name with its title's ("Enum Codec.Mode"); a mirror's copy keeps it and stays a copy.
   */
  @Test
  void enumPagesOfOneTemplateStayUnique() {
    String base = "https://docs.bytepack.example/api/org/bytepack/";
    Verdict mode = check(EXTRACTOR.extract(base + "Codec.Mode.html", enumPage("Codec", "Mode", "FAST", "SAFE")));
    assertEquals(VerdictKind.UNIQUE, mode.kind(), mode.toString());
    Verdict state = check(EXTRACTOR.extract(base + "io/Breaker.State.html", enumPage("Breaker", "State", "OPEN", "SHUT")));
    assertEquals(VerdictKind.UNIQUE, state.kind(), state.toString());
    assertEquals(true, ((Map<?, ?>) state.scores().get("nearest")).get("twin_names"), state.toString());
    Verdict mirror = check(EXTRACTOR.extract("https://mirror.example.net/bytepack/api/org/bytepack/Codec.Mode.html",
        enumPage("Codec", "Mode", "FAST", "SAFE")));
    assertNotEquals(VerdictKind.UNIQUE, mirror.kind(), mirror.toString());
    assertEquals(base + "Codec.Mode.html", mirror.originalUrl());
  }

  /** A Javadoc-style page of an enum nested in {@code outer}: its constants, then the template's methods. */
  private static String enumPage(String outer, String name, String... constants) {
    StringBuilder page = new StringBuilder("<html><head><title>").append(outer).append('.').append(name)
        .append(" (bytepack 1.0 API)</title></head><body><header><nav><a href='../index.html'>Overview</a>")
        .append(" <a href='package-summary.html'>Package</a></nav></header><main><div class='header'>")
        .append("<h1 class='title'>Enum ").append(outer).append('.').append(name).append("</h1></div>")
        .append("<section class='details'><h2>Enum Constant Details</h2><ul>");
    for (String c : constants) page.append("<li><section><h3>").append(c).append("</h3></section></li>");
    return page.append("</ul><h2>Method Details</h2><ul><li><section><h3>values</h3><div class='block'>Returns an")
        .append(" array containing the constants of this enum class, in the order they are declared.</div>")
        .append("<dl><dt>Returns:</dt><dd>an array containing the constants of this enum class, in the order")
        .append(" they are declared</dd></dl></section></li><li><section><h3>valueOf</h3><div class='block'>")
        .append("Returns the enum constant of this class with the specified name. The string must match exactly")
        .append(" an identifier used to declare an enum constant in this class. (Extraneous whitespace characters")
        .append(" are not permitted.)</div><dl><dt>Parameters:</dt><dd>name - the name of the enum constant to be")
        .append(" returned.</dd><dt>Returns:</dt><dd>the enum constant with the specified name</dd><dt>Throws:</dt>")
        .append("<dd>IllegalArgumentException - if this enum class has no constant with the specified name</dd>")
        .append("<dd>NullPointerException - if the argument is null</dd></dl></section></li></ul></section>")
        .append("</main></body></html>").toString();
  }

  /**
   * A base class's member list, a caption over a few rows and so prose, and a derived class's,
   * which holds every row of it: a list holds other pages' items without copying them.
   */
  @Test
  void aShortListHeldByALongerOneStaysUnique() {
    String base = "https://docs.bytepack.example/api/";
    List<String[]> object = List.of(new String[] {"objRef(Object *obj)", "Object", "static"},
        new String[] {"objUnref(Object *obj)", "Object", "static"}, new String[] {"ref", "Object", "private"});
    List<String[]> truck = new ArrayList<>(object);
    truck.add(0, new String[] {"base", "Truck", "protected"});
    truck.add(new String[] {"vehicleStart(Vehicle *obj)", "Vehicle", ""});
    truck.add(new String[] {"vehicleStop(Vehicle *obj)", "Vehicle", ""});
    truck.add(new String[] {"vehicleReset(Vehicle *obj)", "Vehicle", ""});
    Verdict first = check(EXTRACTOR.extract(base + "struct_truck-members.html", captionedMembers("Truck", truck)));
    assertEquals(VerdictKind.UNIQUE, first.kind(), first.toString());
    Verdict held = check(EXTRACTOR.extract(base + "struct_object-members.html", captionedMembers("Object", object)));
    assertEquals(VerdictKind.UNIQUE, held.kind(), held.toString());
  }

  /** A Doxygen-style member list under its caption: a row per member, its class and its kind. */
  private static String captionedMembers(String cls, List<String[]> members) {
    StringBuilder rows = new StringBuilder();
    for (String[] m : members) {
      rows.append("<tr><td class='entry'><a class='el' href='#'>").append(m[0]).append("</a></td><td class='entry'>")
          .append("<a class='el' href='#'>").append(m[1]).append("</a></td><td class='entry'>").append(m[2])
          .append("</td></tr>");
    }
    return "<html><head><title>bytepack: Member List</title></head><body><div class='header'>"
        + "<div class='headertitle'><div class='title'>" + cls + " Member List</div></div></div>"
        + "<div class='contents'><p>This is the complete list of members for <a class='el' href='#'>" + cls
        + "</a>, including all inherited members.</p><table class='directory'>" + rows + "</table></div></body></html>";
  }

  /** A Doxygen-style page of a header that wraps a C header: the same sentences but two names. */
  private static String headerPage(String name, String cHeader) {
    return "<html><head><title>bytepack: " + name + " File Reference</title></head><body><div class='header'>"
        + "<div class='headertitle'><div class='title'>" + name + " File Reference</div></div></div>"
        + "<div class='contents'><div class='textblock'><p>This is a standard bytepack header. You should include"
        + " this header in your programs, rather than any of the internal implementation headers, which change"
        + " between releases without notice and are not meant to be included on their own.</p>"
        + "<p>This is the bytepack version of the standard C header " + cHeader + ".h, and its contents are mostly"
        + " the same as that header, but are all contained in the namespace bytepack, except for the names which"
        + " are defined as macros in C and so cannot be put in any namespace at all.</p>"
        + "<p>Definition in file " + name + ".</p></div></div></body></html>";
  }

  /** A Doxygen-style list of a class's members: a few of its own, many inherited from one parent. */
  private static String memberList(String cls) {
    StringBuilder rows = new StringBuilder();
    for (String own : List.of("read", "peek", "skip")) {
      rows.append("<tr><td>").append(own).append("(buffer *b, size_t at) (defined in bytepack::").append(cls)
          .append(")</td><td>inline</td></tr>");
    }
    for (String inherited : List.of("open", "close", "size", "data", "failed", "clear", "reserve", "grow",
        "shrink", "swap", "rewind", "position", "remaining", "mark", "reset", "flip")) {
      rows.append("<tr><td>").append(inherited).append("(buffer *b) (defined in bytepack::reader_base)</td>")
          .append("<td>protected virtual</td></tr>");
    }
    return "<html><head><title>bytepack: Member List</title></head><body><div class='header'>"
        + "<div class='headertitle'><div class='title'>bytepack::" + cls + " Member List</div></div></div>"
        + "<div class='contents'><table class='directory'>" + rows + "</table></div></body></html>";
  }

  /**
   * A site that gives many of its pages one title (a manual converted page by page, every page
   * headed "NAME") says nothing with it: two modules documented by copying a sibling and renaming
   * it agree on two thirds of their text under one title, and stay two pages once two other
   * originals of the site carry that title.
   */
  @Test
  void aTitleThatManyPagesOfTheSiteCarryDoesNotMakeThemOnePage() {
    String base = "https://docs.tallyo.example/lib/";
    check(EXTRACTOR.extract(base + "Link/invoice.html", podPage("invoice", "Invoices of a closed ledger are read only.")));
    Verdict scheduler = check(EXTRACTOR.extract(base + "Scheduler.html", "<html><body><h1>NAME</h1>"
        + "<p>Tallyo::Scheduler - Runs the jobs of a Tallyo instance at their times</p><h1>DESCRIPTION</h1>"
        + "<p>The scheduler wakes once a minute, reads the table of jobs, and starts every job whose time has come in a"
        + " process of its own. A job that is still running when its next time comes is not started twice; the"
        + " scheduler writes a warning to the log instead.</p><h1>OPTIONS</h1><p>--config names the configuration"
        + " file. --once runs the due jobs one time and exits, for use from an external timer.</p></body></html>"));
    assertEquals(VerdictKind.UNIQUE, scheduler.kind(), scheduler.toString());
    Verdict receipt = check(EXTRACTOR.extract(base + "Link/receipt.html", podPage("receipt", RECEIPT)));
    assertEquals(VerdictKind.UNIQUE, receipt.kind(), receipt.toString());
    Map<?, ?> nearest = (Map<?, ?>) receipt.scores().get("nearest");
    assertEquals(false, nearest.get("same_title"), receipt.toString());
    assertEquals(2, receipt.scores().get("title_pages"), "the invoice and the scheduler: " + receipt);
    assertTrue(((Number) nearest.get("jaccard_estimate")).doubleValue() >= 0.6, "a pair the bar for one title passes: " + receipt);
  }

  /** The pair above on a site where only the earlier page carries the title: one page, a copy. */
  @Test
  void oneTitleThatOnlyTheEarlierPageCarriesMakesThemOnePage() {
    String base = "https://docs.tallyo.example/lib/";
    check(EXTRACTOR.extract(base + "Link/invoice.html", podPage("invoice", "Invoices of a closed ledger are read only.")));
    Verdict copy = check(EXTRACTOR.extract(base + "Link/receipt.html", podPage("receipt", RECEIPT)));
    assertEquals(VerdictKind.NEAR, copy.kind(), copy.toString());
    assertEquals(true, copy.scores().get("same_title"), copy.toString());
  }

  /**
   * A header's source listing and its reference: the listing holds the comments the reference
   * renders, under the same name in two of the site's title patterns. Once the site has shown the
   * listing's pattern on two other pages, the two are views of one header, not a copy.
   */
  @Test
  void aSourceListingIsNoCopyOfItsReferenceOnASiteOfListings() {
    String base = "https://docs.hintlib.example/";
    check(EXTRACTOR.extract(base + "video_api_8h_source.html", headerPage("video_api.h Source File", VIDEO, "")));
    check(EXTRACTOR.extract(base + "audio_api_8h_source.html", headerPage("audio_api.h Source File", AUDIO, "")));
    check(EXTRACTOR.extract(base + "hints_api_8h.html", headerPage("hints_api.h File Reference", HINTS, HINTS_REFERENCE)));
    Verdict listing = check(EXTRACTOR.extract(base + "hints_api_8h_source.html", headerPage("hints_api.h Source File", HINTS, "")));
    assertEquals(VerdictKind.UNIQUE, listing.kind(), listing.toString());
    assertEquals(2, listing.scores().get("pattern_pages"), listing.toString());
    assertEquals(true, ((Map<?, ?>) listing.scores().get("nearest")).get("views"), listing.toString());
  }

  /** The pair above on a site that has shown no other listing: a copy, as any retitled page of one site. */
  @Test
  void aListingAloneUnderItsPatternIsJudgedAsAnyRetitledPage() {
    String base = "https://docs.hintlib2.example/";
    check(EXTRACTOR.extract(base + "hints_api_8h.html", headerPage("hints_api.h File Reference", HINTS, HINTS_REFERENCE)));
    Verdict listing = check(EXTRACTOR.extract(base + "hints_api_8h_source.html", headerPage("hints_api.h Source File", HINTS, "")));
    assertEquals(VerdictKind.NEAR, listing.kind(), listing.toString());
  }

  private static final String HINTS = "A hint is a variable that changes how the library behaves on one platform."
      + " Hints are read when a subsystem starts, so a hint set later takes effect on the next start."
      + " The environment can set every hint, which lets a user change a program that was built without a way to"
      + " change it. A hint set by the program takes priority over the environment unless the override flag is given."
      + " The joystick hint decides whether a phone's accelerometer is listed as a joystick device."
      + " The screensaver hint decides whether the screensaver may start while the program shows a window."
      + " The vsync hint decides whether drawing waits for the display to finish its refresh."
      + " The mouse focus hint decides whether a click that brings a window to the front is also passed to it.";

  private static final String HINTS_REFERENCE = "Returns true when the hint was set, and false when it was not."
      + " Returns the value of a hint, or nothing when it is not set. Clears every hint and its callbacks."
      + " Adds a function that is called when a hint changes, with the old value and the new one.";

  private static final String VIDEO = "The video subsystem opens windows, lists the displays and their modes, and"
      + " swaps the buffers of a window after the program has drawn into them. A window remembers its position,"
      + " its size and the display it was last shown on, and it can be made to cover the whole display.";

  private static final String AUDIO = "The audio subsystem opens an output device, converts samples to the format"
      + " the device plays, and calls the program back whenever the device needs more of them. A queue of samples"
      + " can be used instead of the callback, filled whenever the program has sound to play.";

  /** A Doxygen-like page of a header: its title, and its text in paragraphs. */
  private static String headerPage(String title, String text, String more) {
    StringBuilder body = new StringBuilder();
    for (String sentence : (text + " " + more).trim().split("(?<=\\.) ")) body.append("<p>").append(sentence).append("</p>");
    return "<html><head><title>hintlib: " + title + "</title></head><body><div class='header'><div class='title'>"
        + title + "</div></div><div class='contents'>" + body + "</div></body></html>";
  }

  private static final String RECEIPT = "A receipt printed twice keeps the number of its first print, and a receipt of a"
      + " refunded sale is shown with the refund.";

  /** A module's manual page as pod2html writes it: no title element, every section an h1. */
  private static String podPage(String module, String extra) {
    String thing = module.toLowerCase(java.util.Locale.ROOT);
    return "<html><head></head><body><h1>NAME</h1><p>Tallyo::Link::" + module + " - Internal links to a Tallyo " + thing + "</p>"
        + "<h1>DESCRIPTION</h1><p>This class should rarely be used directly. It is the handler for links of the form"
        + " <code>tallyo:" + thing + "/42</code>, which point at a " + thing + " stored by this Tallyo instance. Links of"
        + " this kind are written by the web interface when a user relates a ticket to a " + thing + ", and are"
        + " read back by the search engine when it builds the list of related records.</p>"
        + "<h1>METHODS</h1><h2>LocalURIPrefix</h2><p>Returns the prefix for a local " + thing + " link, made of the"
        + " instance name and the word " + thing + ".</p>"
        + "<h2>ParseURI URI</h2><p>Parses the link and loads the " + thing + " it names. Returns true when the " + thing
        + " exists and the current user may see it, and false otherwise. " + extra + "</p>"
        + "<h2>Object</h2><p>Returns the object for this link, if it is local. The object is loaded once and kept for"
        + " the life of the handler.</p>"
        + "<h2>HREF</h2><p>If this is a local " + thing + ", return the address of its display page in the web"
        + " interface. Otherwise, return its link as written.</p>"
        + "<h2>AsString</h2><p>Returns a description of this object for the ticket history, such as \"" + thing
        + " #42: Quarterly report\".</p></body></html>";
  }

  /** A reference page of a packing function: declaration, description, a shared example and notes. */
  private static String apiPage(String name, String bits, String extra) {
    return "<html><head><title>" + name + " - bytepack reference</title></head><body><nav><a href='index.html'>Index</a></nav>"
        + "<main><h1>" + name + "</h1><pre><code>void " + name + "(uint" + bits + "_t value, buffer *out);</code></pre>"
        + "<p>The function " + name + " writes value to the end of the buffer in network byte order and grows the"
        + " buffer when it is full." + extra + "</p>"
        + "<h2>Parameters</h2><dl><dt>value</dt><dd><p>the number to write; every bit of it is kept.</p></dd>"
        + "<dt>out</dt><dd><p>the buffer that receives the bytes; it must have been opened with buffer_open"
        + " and not yet closed.</p></dd></dl>"
        + "<h2>Errors</h2><p>When the buffer cannot grow because memory is exhausted, nothing is written, the"
        + " buffer keeps its old contents and its error flag is set, so that the caller can test it once at"
        + " the end of a long sequence of writes instead of after every call.</p>"
        + "<h2>Example</h2><pre><code>buffer *b = buffer_open(64);\n" + name + "(7, b);\nif (buffer_failed(b))"
        + " abort();\nfwrite(buffer_data(b), 1, buffer_size(b), stdout);\nbuffer_close(b);</code></pre>"
        + "<h2>Notes</h2><p>All packing functions of the library share the byte order of the network, whatever the"
        + " byte order of the machine that runs them, so that files written on one computer can be read on any"
        + " other. Writing many small values is cheap: the buffer grows by doubling, and a sequence of writes"
        + " costs about as much as one copy of the final data.</p><p>Threads must not write to one buffer at"
        + " the same time without a lock of their own, since the library keeps no lock for them and a buffer"
        + " written by two threads at once loses data without any error being reported.</p>"
        + "<h2>See also</h2><p>The functions that read these values back, the functions that write signed"
        + " numbers, and the chapter on buffers, which explains how a buffer is opened, grown and closed.</p>"
        + "</main></body></html>";
  }

  /** A DocBook help page of a menu command: description, how to reach it, a captioned illustration. */
  private static String commandPage(String command, String does, String result) {
    return "<html><head><title>" + command + "</title></head><body><div class='navheader'><a href='prev.html'>Prev</a>"
        + " <a href='next.html'>Next</a></div><div class='sect2'><div class='titlepage'><h3>" + command + "</h3></div>"
        + "<p>The " + command + " command " + does + ". White areas of the mask are selected, black areas are not.</p>"
        + "<div class='sect3'><div class='titlepage'><h4>Activating the Command</h4></div><ul>"
        + "<li><p>From the menu bar, through Layer → Mask → " + command + ",</p></li>"
        + "<li><p>or from the menu of the layer in the Layers dialog.</p></li></ul></div>"
        + "<div class='sect3'><div class='titlepage'><h4>Illustration</h4></div><div class='figure'>"
        + "<p class='title'><b>Illustration of " + command + "</b></p><div class='figure-contents'>"
        + "<div class='mediaobject'><img src='mask.png' alt=''><div class='caption'><p>On the left, the"
        + " original image with a selection. In the middle, the Layers dialog with a mask made from the"
        + " layer's alpha channel. On the right, the result: the selection of the visible pixels of the"
        + " active layer " + result + ".</p></div></div></div></div></div></div>"
        + "<div class='navfooter'><a href='index.html'>Home</a></div></body></html>";
  }

  /**
   * Pages with too little text for a near check share their few words with many other pages of
   * their site ("Instruction input.", a tagline the extractor kept): the same words under another
   * title are another page; under the same title, a copy.
   */
  @Test
  void shortTextsAreExactCopiesOnlyUnderTheSameTitle() {
    String text = "Instruction input. Size: 1 dword.";
    Verdict src = check(Page.ofText("https://docs.example.org/gfx7/src.html", "src - Docs", text, null));
    Verdict ssrc = check(Page.ofText("https://docs.example.org/gfx7/ssrc.html", "ssrc - Docs", text, null));
    assertEquals(VerdictKind.SKIPPED, src.kind(), src.toString());
    assertEquals(VerdictKind.SKIPPED, ssrc.kind(), ssrc.toString());
    Verdict mirror = check(Page.ofText("https://mirror.example.net/gfx7/src.html", "src - Docs", text, null));
    assertEquals(VerdictKind.EXACT, mirror.kind(), mirror.toString());
    assertEquals("https://docs.example.org/gfx7/src.html", mirror.originalUrl());
  }

  /**
   * Two index pages of one site under one title whose only prose is the site's tagline: extraction
   * keeps the tagline and the menu of each, the same lines, though the pages list different
   * things. Everything the pages show differs, so neither is a copy; the same page under another
   * url shows the same and is one.
   */
  @Test
  void shortPagesOfOneTitleAreCopiesOnlyWhenTheyShowTheSame() {
    Verdict objects = check(EXTRACTOR.extract("https://db.example/c/objlist.html", indexPage("sqlite3_stmt", "sqlite3_value")));
    Verdict session = check(EXTRACTOR.extract("https://db.example/session/objlist.html", indexPage("sqlite3_session", "sqlite3_changeset_iter")));
    assertEquals(VerdictKind.SKIPPED, objects.kind(), objects.toString());
    assertEquals(VerdictKind.SKIPPED, session.kind(), "another list under the same title: " + session);
    Verdict again = check(EXTRACTOR.extract("https://db.example/c/objlist.html?from=menu", indexPage("sqlite3_stmt", "sqlite3_value")));
    assertEquals(VerdictKind.EXACT, again.kind(), again.toString());
    assertEquals("https://db.example/c/objlist.html", again.originalUrl());
  }

  /**
   * An operand's page of a few lines that a sibling holds whole ("8 dwords" against "8 dwords by
   * default, 4 dwords if r128 is specified"): on the sibling's site a stub of it, no excerpt, and
   * its verdict says the pair was held to the bar for short pages; a page of such lines on
   * another site is a copy.
   */
  @Test
  void aShortPageThatASiblingHoldsWholeIsNoCopyOfIt() {
    String intro = "Image resource constant which defines the location of the image buffer in memory, its dimensions, tiling,"
        + " and data format.\n";
    Verdict sibling = check(Page.ofText("https://docs.example/gfx10/srsrc.html", "srsrc",
        intro + "Size: 8 dwords by default, 4 dwords if r128 is specified.\nOperands: s, ttmp", Language.EN));
    assertEquals(VerdictKind.UNIQUE, sibling.kind(), sibling.toString());
    Verdict stub = check(Page.ofText("https://docs.example/gfx90a/srsrc.html", "srsrc", intro + "Size: 8 dwords.\nOperands: s, ttmp",
        Language.EN));
    assertEquals(VerdictKind.UNIQUE, stub.kind(), stub.toString());
    Map<?, ?> nearest = (Map<?, ?>) stub.scores().get("nearest");
    assertEquals(true, nearest.get("short_pages"), stub.toString());
    assertTrue(((Number) nearest.get("containment_estimate")).doubleValue() >= 0.9, stub.toString());
    Verdict repost = check(Page.ofText("https://blog.example/srsrc.html", "srsrc", intro + "Size: 4 dwords.\nOperands: s, ttmp",
        Language.EN));
    assertEquals(VerdictKind.NEAR, repost.kind(), repost.toString());
    assertEquals("https://docs.example/gfx10/srsrc.html", repost.originalUrl());
  }

  /**
   * The reference page of one storage backend's options, as a site writes one for each backend
   * from one template: the sentences are the same, the names of the properties are the backend's.
   */
  private static String backendOptions(String cloud, String prefix, String template, String... properties) {
    StringBuilder text = new StringBuilder("Selects the options file read when the store writes to " + cloud
        + " bucket. A store with " + prefix + "_BACKEND enabled uploads each chunk once it is sealed. By default its"
        + " options are read from a template called " + template + ".conf.in in the STORE_CONFIG_PATH. This property"
        + " names another template file, which may be a full path.\nOptions files are plain text, one setting per"
        + " line, and lines that start with a hash sign are comments. The store reads its options file once when it"
        + " starts and again whenever it receives a reload signal, so a changed file takes effect without a"
        + " restart.\nThe following store properties fill in the file:\n");
    for (int i = 0; i < properties.length; i += 2) {
      text.append(prefix).append("_BACKEND_").append(properties[i]).append(" sets ").append(properties[i + 1]).append(".\n");
    }
    return text.append("Variables of the same name may be set to affect every store in a directory that does not set"
        + " the property itself. A custom options file given by this property may of course hard-code every setting"
        + " instead of reading the store properties.").toString();
  }

  /**
   * Two pages of one reference written from one template for two backends agree in most of their
   * shingles but name other properties: the second is no copy of the first. A later version of
   * the first, which adds a property to those it names, is.
   */
  @Test
  void aSiblingThatNamesOtherThingsIsNoCopy() {
    String s3 = backendOptions("an S3", "S3", "S3BackendOptions", "REGION", "BucketRegion", "ENDPOINT", "EndpointUrl",
        "ACCESS_KEY", "AccessKeyId", "RETRIES", "MaxRetries");
    Verdict first = check(Page.ofText("https://docs.example/2.4/S3_BACKEND_OPTIONS.html",
        "S3_BACKEND_OPTIONS - Quarry 2.4", s3, Language.EN));
    assertEquals(VerdictKind.UNIQUE, first.kind(), first.toString());
    Verdict sibling = check(Page.ofText("https://docs.example/2.4/GCS_BACKEND_OPTIONS.html",
        "GCS_BACKEND_OPTIONS - Quarry 2.4", backendOptions("a Google Cloud Storage", "GCS", "GcsBackendOptions",
            "PROJECT", "ProjectId", "ENDPOINT", "EndpointUrl", "CREDENTIALS", "CredentialsFile", "RETRIES", "MaxRetries"),
        Language.EN));
    assertEquals(VerdictKind.UNIQUE, sibling.kind(), sibling.toString());
    Map<?, ?> nearest = (Map<?, ?>) sibling.scores().get("nearest");
    assertEquals(true, nearest.get("names_apart"), sibling.toString());
    assertTrue(((Number) nearest.get("own_jaccard")).doubleValue() >= 0.7, sibling.toString());
    Verdict later = check(Page.ofText("https://docs.example/2.5/S3_BACKEND_OPTIONS.html",
        "S3_BACKEND_OPTIONS - Quarry 2.5", s3 + "\nNew in version 2.5: S3_BACKEND_STORAGE_CLASS sets StorageClass.",
        Language.EN));
    assertEquals(VerdictKind.NEAR, later.kind(), later.toString());
    assertEquals("https://docs.example/2.4/S3_BACKEND_OPTIONS.html", later.originalUrl());
  }

  /** An index page whose only sentences are the site's tagline, listing {@code items}. */
  private static String indexPage(String... items) {
    StringBuilder list = new StringBuilder();
    for (String item : items) list.append("<li><a href='").append(item).append(".html'>").append(item).append("</a></li>\n");
    return ("<html><head><title>List Of Objects</title></head><body>"
        + "<div class=top><div class=tagline>Small. Fast. Reliable.<br>Choose any three.</div>"
        + "<div class='menu mainmenu'><ul><li><a href='/'>Home</a><li><a href='/about'>About</a>"
        + "<li><a href='/docs'>Documentation</a></ul></div></div>"
        + "<h2>List Of Objects:</h2><div class=columns><ul>" + list + "</ul></div>"
        + "<p>Other lists: <a href=c.html>Constants</a> and <a href=f.html>Functions</a>.</p></body></html>");
  }

  /**
   * A summary of an article on its own site (its first half, under its title) is a copy of it by
   * containment, with a Jaccard estimate too low to say so alone. It is in the article's group:
   * the text a later repost shares with it is the article's, not the site's template, so the
   * repost is still found.
   */
  @Test
  void aCopyOfAPageOnItsSiteIsNotTakenForItsTemplate() {
    Page article = demo("news-a/flood.html", "http://a.example/flood");
    check(article);
    String text = article.text();
    Verdict summary = check(Page.ofText("http://a.example/flood-summary", article.title(),
        text.substring(0, text.length() / 2), article.language()));
    assertEquals(VerdictKind.NEAR, summary.kind(), summary.toString());
    assertEquals("containment", summary.detector(), summary.toString());
    Verdict repost = check(demo("blog-c/flood.html", "http://c.example/flood"));
    assertEquals(VerdictKind.NEAR, repost.kind(), repost.toString());
    assertEquals("http://a.example/flood", repost.originalUrl());
    assertEquals(2, repost.scores().get("candidates"), repost.toString());
    assertEquals(0.0, repost.scores().get("template_share"), repost.toString());
  }

  /** A unique verdict that met candidates says why none of them is its original. */
  @Test
  void aSiblingLeftUniqueShowsTheClosestCandidate() {
    String base = "https://help.tallyo.example/en-US/";
    for (SiblingSite.Function f : SiblingSite.EN.subList(0, 3)) {
      check(SiblingSite.page(base + f.name().toLowerCase(java.util.Locale.ROOT) + ".html", SiblingSite.html(f, false)));
    }
    Verdict v = check(SiblingSite.page(base + "maxx.html", SiblingSite.html(SiblingSite.EN.get(3), false)));
    assertEquals(VerdictKind.UNIQUE, v.kind(), v.toString());
    @SuppressWarnings("unchecked")
    Map<String, Object> nearest = (Map<String, Object>) v.scores().get("nearest");
    assertTrue(nearest != null && Boolean.TRUE.equals(nearest.get("same_site")), v.toString());
    assertTrue(((Number) nearest.get("jaccard_estimate")).doubleValue() >= 0.3, v.toString());
    assertTrue(((Number) nearest.get("template_share")).doubleValue() > 0, "its siblings share its template: " + v);
  }

  @Test
  void theOriginalOfACopyOfACopyIsTheFirstSeen() {
    check(demo("world-d/marathon.html", "http://d/marathon"));
    Verdict near = check(demo("mirror-e/marathon.html", "http://e/marathon"));
    assertEquals("http://d/marathon", near.originalUrl());
    // An exact copy of the near copy names the first original, not the copy it matched.
    Verdict exactOfNear = check(demo("mirror-e/marathon.html", "http://f/marathon"));
    assertEquals(VerdictKind.EXACT, exactOfNear.kind());
    assertEquals("http://d/marathon", exactOfNear.originalUrl());
  }

  @Test
  void aReplayOfTheSameUrlIsNeverItsOwnDuplicate() {
    Page p = demo("news-a/subway.html", "http://a/subway");
    Verdict first = check(p);
    Verdict replay = check(p);
    assertEquals(VerdictKind.UNIQUE, replay.kind());
    assertTrue(replay.replay());
    assertEquals(first.seq(), replay.seq());

    Verdict copy = check(demo("blog-c/subway.html", "http://c/subway"));
    Verdict copyReplay = check(demo("blog-c/subway.html", "http://c/subway"));
    assertEquals(copy.kind(), copyReplay.kind());
    assertEquals("http://a/subway", copyReplay.originalUrl());
    assertTrue(copyReplay.replay());
  }

  /**
   * An original re-fetched with a small change (a correction appended) stays the original: its
   * copy became an orphan with the re-crawl and is no candidate (before, the original became a
   * near copy of its own copy and left the index). The copy, fetched again, names it again.
   */
  @Test
  void anOriginalRecrawledWithASmallChangeStaysTheOriginal() {
    Page a = demo("world-d/marathon.html", "http://d/marathon");
    assertEquals(VerdictKind.UNIQUE, check(a).kind());
    Page e = demo("mirror-e/marathon.html", "http://e/marathon");
    assertEquals("NEAR of http://d/marathon by minhash", describe(check(e)));

    Verdict a2 = check(a.withText(a.text() + "\n更正：本文第三段的数字有误，已更正。", a.language()));
    assertEquals("UNIQUE of null by null", describe(a2));
    Verdict again = check(e);
    assertEquals("NEAR of http://d/marathon by minhash", describe(again), "decided again, not a replay");
  }

  /**
   * An original re-fetched with the content of another page, now a copy of it: the verdict says
   * the url leaves the index (its earlier version is there), and says so again when the tuple is
   * replayed, also after the near decision was lost to a store failure. The page it copies, and a
   * copy that never went to the index, stay as they were.
   */
  @Test
  void anOriginalRecrawledIntoACopyOfAnotherPageLeavesTheIndex() {
    check(demo("world-d/marathon.html", "http://d/marathon"));
    assertEquals("UNIQUE of null by null", describe(check(demo("news-a/subway.html", "http://x/news"))));
    Page recrawl = demo("mirror-e/marathon.html", "http://x/news");
    DuplicateDetector flaky = new DuplicateDetector(FINGERPRINTER, new FlakyStore(store, 0, 1), DetectorSettings.defaults());
    assertThrows(StoreException.Unavailable.class, () -> flaky.check(recrawl, recrawl.url(), 2000));
    Verdict v = flaky.check(recrawl, recrawl.url(), 2000); // the tuple comes back
    assertEquals("NEAR of http://d/marathon by minhash (replay) (leaves the index)", describe(v));
    assertTrue(v.earlierVersionIndexed());
    assertEquals("NEAR of http://d/marathon by replay (replay) (leaves the index)", describe(check(recrawl)));

    assertEquals("UNIQUE of null by null (replay)", describe(check(demo("world-d/marathon.html", "http://d/marathon"))));
    // a copy from its first fetch was never indexed: re-crawled into another copy, nothing to delete
    assertEquals("EXACT of http://d/marathon by exact", describe(check(demo("mirror-e/marathon.html", "http://e/marathon"))));
    assertEquals("UNIQUE of null by null", describe(check(demo("news-a/subway.html", "http://q/news"))),
        "x's first text left the store (and the index) with it: q is its first page now");
    Verdict e2 = check(demo("news-a/subway.html", "http://e/marathon"));
    assertEquals("EXACT of http://q/news by exact", describe(e2));
    assertFalse(e2.earlierVersionIndexed());
  }

  /**
   * An original re-fetched with exactly the text of its own near copy: the copy is an orphan with
   * the re-crawl, so the page is unique, stays in the index (the indexer replaces the document),
   * and the copy, fetched again, names it.
   */
  @Test
  void anOriginalRecrawledIntoItsOwnCopysTextStaysTheOriginal() {
    check(demo("world-d/marathon.html", "http://d/marathon"));
    Page e = demo("mirror-e/marathon.html", "http://e/marathon");
    assertEquals("NEAR of http://d/marathon by minhash", describe(check(e)));
    Verdict d2 = check(demo("mirror-e/marathon.html", "http://d/marathon"));
    assertEquals("UNIQUE of null by null", describe(d2));
    assertTrue(d2.earlierVersionIndexed(), "its first version is in the index, replaced by this one");
    assertFalse(d2.removesFromIndex());
    assertEquals("EXACT of http://d/marathon by exact", describe(check(e)));
  }

  /** In a batch, as one by one: the re-crawl that became a copy leaves the index. */
  @Test
  void aBatchSaysARecrawlIntoACopyLeavesTheIndex() {
    check(demo("news-a/subway.html", "http://x/news"));
    List<DuplicateDetector.Request> batch = new ArrayList<>();
    for (Page p : List.of(demo("world-d/marathon.html", "http://d/marathon"),
        demo("mirror-e/marathon.html", "http://x/news"), demo("news-b/phone.html", "http://b/phone"))) {
      batch.add(new DuplicateDetector.Request(p, p.url(), 1000, IndexSignature.of(FINGERPRINTER.of(p))));
    }
    assertEquals(List.of("UNIQUE of null by null", "NEAR of http://d/marathon by minhash (leaves the index)",
        "UNIQUE of null by null"), detector.checkAll(batch).stream().map(DuplicateDetectorContract::describe).toList());
  }

  /**
   * When an original is removed (its page is gone), the first of its copies fetched again stands
   * for the content, and the others name it: the content gets back into the index once.
   */
  @Test
  void theFirstCopyFetchedAgainAfterItsOriginalIsRemovedBecomesTheOriginal() {
    check(demo("world-d/marathon.html", "http://d/marathon"));
    Page e = demo("mirror-e/marathon.html", "http://e/marathon");
    Page f = demo("mirror-e/marathon.html", "http://f/marathon");
    assertEquals("NEAR of http://d/marathon by minhash", describe(check(e)));
    assertEquals("EXACT of http://d/marathon by exact", describe(check(f)));
    assertTrue(store.remove("http://d/marathon"));

    assertEquals("UNIQUE of null by null", describe(check(f)));
    assertEquals("EXACT of http://f/marathon by exact", describe(check(e)));
    assertEquals("EXACT of http://f/marathon by replay (replay)", describe(check(e)));
  }

  /**
   * In one batch: h is found a near copy of o, o is re-crawled with other content (h is an
   * orphan now), and p is an exact copy of h. The store took p for h's exact copy before h's
   * decision was in; the batch decides p again once it is, as pages one by one would decide it.
   */
  @Test
  void anExactCopyOfAPageItsBatchMadeAnOrphanIsDecidedAgain() {
    List<DuplicateDetector.Request> batch = orphanBatch();
    List<Verdict> vs = detector.checkAll(batch);
    assertEquals("NEAR of http://d/marathon by minhash", describe(vs.get(0)));
    assertEquals("UNIQUE of null by null", describe(vs.get(1)));
    assertEquals("UNIQUE of null by null", describe(vs.get(2)));
    assertEquals(true, vs.get(2).scores().get("decided_again"));
    assertEquals("EXACT of http://f/marathon by exact", describe(check(demo("mirror-e/marathon.html", "http://e/marathon"))));
  }

  /** d recorded; the batch [e, a mirror of d; d re-crawled with other text; f, an exact copy of e]. */
  private List<DuplicateDetector.Request> orphanBatch() {
    check(demo("world-d/marathon.html", "http://d/marathon"));
    List<DuplicateDetector.Request> batch = new ArrayList<>();
    for (Page p : List.of(demo("mirror-e/marathon.html", "http://e/marathon"),
        demo("news-b/football.html", "http://d/marathon"), demo("mirror-e/marathon.html", "http://f/marathon"))) {
      batch.add(new DuplicateDetector.Request(p, p.url(), 1000, IndexSignature.of(FINGERPRINTER.of(p))));
    }
    return batch;
  }

  /**
   * The batch above when the store fails to take the decisions sent before f is decided again:
   * they hold e's near decision, so the run fails rather than lose it.
   */
  @Test
  void aNearDecisionLostBeforeAPageIsDecidedAgainFailsTheRun() {
    List<DuplicateDetector.Request> batch = orphanBatch();
    DuplicateDetector d = new DuplicateDetector(FINGERPRINTER, new FlakyStore(store, 0, 1), DetectorSettings.defaults());
    assertThrows(StoreException.Unavailable.class, () -> d.checkAll(batch));
    assertEquals(0, d.lostConfirmations());
  }

  /** Checks {@code before} one by one, then {@code batch} as one batch and one by one: the same verdicts. */
  void assertBatchDecidesAsOneByOne(List<Page> before, List<Page> batch) {
    assertBatchDecidesAsOneByOne(before, batch, List.of());
  }

  /** As above, then {@code after} one by one on both stores: the same verdicts again. */
  void assertBatchDecidesAsOneByOne(List<Page> before, List<Page> batch, List<Page> after) {
    try (IndexStore s1 = newStore(); IndexStore s2 = newStore()) {
      DuplicateDetector d1 = new DuplicateDetector(FINGERPRINTER, s1, DetectorSettings.defaults());
      DuplicateDetector d2 = new DuplicateDetector(FINGERPRINTER, s2, DetectorSettings.defaults());
      for (Page p : before) {
        assertEquals(describe(d1.check(p, p.url(), 1000)), describe(d2.check(p, p.url(), 1000)));
      }
      List<DuplicateDetector.Request> requests = new ArrayList<>();
      List<String> oneByOne = new ArrayList<>();
      for (Page p : batch) {
        DuplicateDetector.Request q = new DuplicateDetector.Request(p, p.url(), 1000, IndexSignature.of(FINGERPRINTER.of(p)));
        requests.add(q);
        oneByOne.add(p.url() + ": " + describe(d1.checkAll(List.of(q)).get(0)));
      }
      List<String> batched = new ArrayList<>();
      List<Verdict> vs = d2.checkAll(requests);
      for (int i = 0; i < vs.size(); i++) batched.add(batch.get(i).url() + ": " + describe(vs.get(i)));
      assertEquals(oneByOne, batched);
      for (Page p : after) {
        assertEquals(describe(d1.check(p, p.url(), 2000)), describe(d2.check(p, p.url(), 2000)), "after: " + p.url());
      }
      assertEquals(s1.stats().topOriginals(), s2.stats().topOriginals());
    }
  }

  /**
   * f, decided again (an exact copy of e, which the batch made an orphan), is unique; g, later in
   * the batch, matches f, and names it as pages one by one would (rather than skipping f's stale
   * record and coming out unique).
   */
  @Test
  void aLaterPageOfTheBatchSeesAPageDecidedAgain() {
    assertBatchDecidesAsOneByOne(List.of(demo("world-d/marathon.html", "http://d/marathon")),
        List.of(demo("mirror-e/marathon.html", "http://e/marathon"), demo("news-b/football.html", "http://d/marathon"),
            demo("mirror-e/marathon.html", "http://f/marathon"), demo("world-d/marathon.html", "http://g/marathon")));
  }

  /**
   * p names as canonical e, a near copy of d; d is re-crawled in the same batch (so e is an
   * orphan), and g is an exact copy of p. One by one g is unique, and batched too (not a replay
   * naming the orphan e through a chain of three links).
   */
  @Test
  void anExactCopyOfAPageMatchedThroughAnOrphanedCanonicalIsDecidedAsOneByOne() {
    Page m = demo("mirror-e/marathon.html", "http://e/marathon");
    Page edited = m.withText(m.text() + "\n更正：本文第三段的数字有误，已更正。", m.language());
    assertBatchDecidesAsOneByOne(List.of(demo("world-d/marathon.html", "http://d/marathon"), m),
        List.of(withCanonical(edited, "http://p/marathon", "http://e/marathon"),
            demo("news-b/football.html", "http://d/marathon"), withCanonical(edited, "http://g/marathon", "")));
  }

  static Page withCanonical(Page d, String url, String canonical) {
    return new Page(url, d.title(), d.heading(), d.keywords(), d.description(), canonical, d.language(),
        d.charset(), d.text(), d.status(), d.message(), d.bodyDigest());
  }

  /**
   * x, unique, found its canonical, so its re-fetch looks again among the pages before it. e, an
   * orphan recorded before x, is decided again since and names x. x's re-fetch stays a unique
   * replay: the orphan decided again took a seq after x's, and no page is a copy of itself (an
   * orphan that kept its old seq would meet x's second look, and every re-fetch of x would fail
   * with "page 4 cannot be a near duplicate of itself").
   */
  @Test
  void aReplayLooksAgainOnlyAmongPagesCheckedBeforeIt() {
    check(demo("news-b/football.html", "http://c/football"));
    check(demo("world-d/marathon.html", "http://d/marathon"));
    Page e = demo("mirror-e/marathon.html", "http://e/marathon");
    assertEquals("NEAR of http://d/marathon by minhash", describe(check(e)));
    assertTrue(store.remove("http://d/marathon"));
    Page x = withCanonical(demo("world-d/marathon.html", "http://x/marathon"), "http://x/marathon", "http://c/football");
    assertEquals("UNIQUE of null by null", describe(check(x)));
    assertEquals("NEAR of http://x/marathon by minhash", describe(check(e)));
    assertEquals("UNIQUE of null by null (replay)", describe(check(x)));
  }

  /**
   * A page decided unique although its lookup found something (here its canonical, another
   * article) is confirmed to the store with the run's near decisions, so fetched again it is not
   * looked up again (at scale nearly every lookup finds chance candidates). When that
   * confirmation is lost, the verdict stands (failing the run would only send its pages back to
   * look again now), and the next fetch looks again and confirms it.
   */
  @Test
  void aPageThatStaysUniqueIsLookedUpAgainOnlyUntilTheStoreKnows() {
    check(demo("news-b/football.html", "http://c/football"));
    Page x = withCanonical(demo("world-d/marathon.html", "http://x/marathon"), "http://x/marathon", "http://c/football");
    assertEquals(VerdictKind.UNIQUE, check(x).kind());
    Verdict again = check(x);
    assertTrue(again.replay());
    assertFalse(again.scores().containsKey("candidates"), again.scores().toString());

    Page y = withCanonical(demo("news-a/flood.html", "http://y/flood"), "http://y/flood", "http://c/football");
    DuplicateDetector d = new DuplicateDetector(FINGERPRINTER, new FlakyStore(store, 0, 1), DetectorSettings.defaults());
    Verdict first = d.check(y, y.url(), 2000);
    assertEquals(VerdictKind.UNIQUE, first.kind());
    assertFalse(first.replay());
    assertEquals(1, d.lostConfirmations());
    Verdict looked = d.check(y, y.url(), 2000);
    assertEquals(VerdictKind.UNIQUE, looked.kind());
    assertTrue(looked.replay());
    assertTrue(looked.scores().containsKey("candidates"), looked.scores().toString());
    assertFalse(d.check(y, y.url(), 2000).scores().containsKey("candidates"));
  }

  /**
   * A call of decisions that holds a near decision fails the run when it is lost (only a call of
   * confirmations alone is let go): a run of [a page that stays unique although it found its
   * canonical, a near copy] whose decisions are lost fails, and the copy's decision is made when
   * it comes back.
   */
  @Test
  void aRunWithANearDecisionFailsWhenItsDecisionsAreLost() {
    check(demo("news-b/football.html", "http://c/football"));
    check(demo("world-d/marathon.html", "http://d/marathon"));
    Page x = withCanonical(demo("news-a/flood.html", "http://x/flood"), "http://x/flood", "http://c/football");
    Page copy = demo("mirror-e/marathon.html", "http://e/marathon");
    List<DuplicateDetector.Request> run = new ArrayList<>();
    for (Page p : List.of(x, copy)) {
      run.add(new DuplicateDetector.Request(p, p.url(), 1000, IndexSignature.of(FINGERPRINTER.of(p))));
    }
    DuplicateDetector d = new DuplicateDetector(FINGERPRINTER, new FlakyStore(store, 0, 1), DetectorSettings.defaults());
    assertThrows(StoreException.Unavailable.class, () -> d.checkAll(run));
    List<Verdict> back = d.checkAll(run);
    assertEquals("UNIQUE of null by null (replay)", describe(back.get(0)));
    assertEquals("NEAR of http://d/marathon by minhash (replay)", describe(back.get(1)));
  }

  /**
   * An orphan decided again whose near decision is lost (the store failed before recordNear)
   * gets it when it comes back: its replay looks again among the pages before it, which include
   * its new original (they would not, were the orphan decided again under its old seq).
   */
  @Test
  void aLostNearDecisionOfAnOrphanDecidedAgainIsMadeWhenItComesBack() {
    check(demo("world-d/marathon.html", "http://d/marathon"));
    Page e = demo("mirror-e/marathon.html", "http://e/marathon");
    assertEquals("NEAR of http://d/marathon by minhash", describe(check(e)));
    assertTrue(store.remove("http://d/marathon"));
    assertEquals("UNIQUE of null by null", describe(check(demo("world-d/marathon.html", "http://d2/marathon"))));
    DuplicateDetector d = new DuplicateDetector(FINGERPRINTER, new FlakyStore(store, 0, 1), DetectorSettings.defaults());
    assertThrows(StoreException.Unavailable.class, () -> d.check(e, e.url(), 2000));
    assertEquals("NEAR of http://d2/marathon by minhash (replay)", describe(d.check(e, e.url(), 2000)));
  }

  /**
   * Expiry forgets which page came first: a copy younger than the cutoff outlives its original,
   * and the first of them fetched again becomes the original, here the copy (docs/STORE.md,
   * "Removal, expiry and compaction").
   */
  @Test
  void afterExpiryTheFirstPageFetchedAgainIsTheOriginal() {
    Page a = demo("world-d/marathon.html", "http://d/marathon");
    Page e = demo("mirror-e/marathon.html", "http://e/marathon");
    assertEquals(VerdictKind.UNIQUE, detector.check(a, a.url(), 1000).kind());
    assertEquals("NEAR of http://d/marathon by minhash", describe(detector.check(e, e.url(), 5000)));
    assertEquals(1, store.expire(3000));
    assertEquals("UNIQUE of null by null", describe(detector.check(e, e.url(), 9000)));
    assertEquals("NEAR of http://e/marathon by minhash", describe(detector.check(a, a.url(), 9001)));
  }

  /** Paragraphs from..to (to < 0: all) of the test's tram article. */
  static String tram(int from, int to) {
    String[] p = tramParagraphs();
    return String.join("\n\n", java.util.Arrays.copyOfRange(p, from, to < 0 ? p.length : to));
  }

  /**
   * In one batch: b, an excerpt of a, is its near copy; a is re-crawled with other text; d, an
   * exact copy of b, is decided again (unique); l is the whole article again. d keeps its place
   * before l: a page with more of the article names d, and d's re-fetch stays a unique replay,
   * as one by one (were d given a seq after l's, l would come first).
   */
  @Test
  void aPageDecidedAgainKeepsItsPlaceBeforeTheLaterPagesOfItsBatch() {
    Page whole = Page.ofText("http://a/tram", "Council approves Riverside tram extension", tram(0, -1), null);
    Page excerpt = Page.ofText("http://b/tram", "Riverside tram line to reach the hospital", tram(0, 3), null);
    assertBatchDecidesAsOneByOne(List.of(whole),
        List.of(excerpt, demo("news-a/flood.html", "http://a/tram"),
            Page.ofText("http://d/tram", excerpt.title(), excerpt.text(), null),
            Page.ofText("http://l/tram", whole.title(), whole.text(), null),
            Page.ofText("http://p/tram", "Riverside tram", tram(0, 4), null)),
        List.of(Page.ofText("http://d/tram", excerpt.title(), excerpt.text(), null),
            Page.ofText("http://q/tram", "Riverside tram", tram(1, 5), null)));
  }

  /** The demo site's pages in its listed order, then three of them again (replays). */
  static List<Page> demoSite() {
    List<Page> pages = new ArrayList<>();
    try (InputStream in = DuplicateDetectorContract.class.getResourceAsStream("/demo-site/expected.tsv")) {
      for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank()) continue;
        String path = line.split("\t")[0];
        pages.add(demo(path, "http://site/" + path));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    pages.add(pages.get(0));
    pages.add(pages.get(pages.size() - 2));
    pages.add(pages.get(7));
    return pages;
  }

  static String describe(Verdict v) {
    return v.kind() + " of " + v.originalUrl() + " by " + v.detector() + (v.replay() ? " (replay)" : "")
        + (v.removesFromIndex() ? " (leaves the index)" : "");
  }

  @Test
  void batchesDecideAsPagesOneByOne() {
    List<Page> pages = demoSite();
    List<String> oneByOne = new ArrayList<>();
    for (Page p : pages) oneByOne.add(p.url() + ": " + describe(check(p)));
    for (int size : new int[] {7, pages.size()}) {
      try (IndexStore s = newStore()) {
        DuplicateDetector d = new DuplicateDetector(FINGERPRINTER, s, DetectorSettings.defaults());
        List<String> batched = new ArrayList<>();
        for (int from = 0; from < pages.size(); from += size) {
          List<DuplicateDetector.Request> batch = new ArrayList<>();
          for (Page p : pages.subList(from, Math.min(pages.size(), from + size))) {
            batch.add(new DuplicateDetector.Request(p, p.url(), 1000, IndexSignature.of(FINGERPRINTER.of(p))));
          }
          List<Verdict> vs = d.checkAll(batch);
          for (int i = 0; i < vs.size(); i++) batched.add(batch.get(i).page().url() + ": " + describe(vs.get(i)));
        }
        assertEquals(oneByOne, batched, "batches of " + size);
      }
    }
  }

  /**
   * Random streams over few urls, so batches hold replays, re-crawls of pages of the same batch
   * and of the originals their copies name; half the pages name another url of the stream as
   * rel=canonical, some steps remove a url, some expire the pages fetched before a recent time,
   * and half the seeds prefer canonicals. Batches of 1 to
   * 8 pages give the verdicts and the counters of one-by-one checks. (Not always the top
   * originals: a copy counts for the original reads name when it is recorded, and a re-crawl
   * inside a batch can change that; docs/STORE.md. A page the batch decides again, an exact copy
   * of a page its own batch made an orphan, counts as a recheck and counts its first decision
   * too: 5 of 300 seeds, 54 of 2,000.)
   */
  @Test
  void randomBatchesWithReplaysAndRecrawlsDecideAsPagesOneByOne() {
    List<String> paths = new ArrayList<>();
    for (Page p : demoSite()) paths.add(p.url().substring("http://site/".length()));
    Map<String, DuplicateDetector.Request> requests = new HashMap<>();
    for (int seed = 0; seed < Integer.getInteger("fuzz.seeds", 25); seed++) {
      Random random = new Random(seed);
      int urls = 6 + random.nextInt(15);
      List<Object> stream = new ArrayList<>(); // a Request, the url to remove, or a cutoff to expire
      for (int i = 0; i < 50; i++) {
        String url = "http://x/" + random.nextInt(urls);
        if (random.nextInt(12) == 0) {
          stream.add(url);
          continue;
        }
        if (random.nextInt(16) == 0) {
          stream.add(Long.valueOf(1000 + i - random.nextInt(25))); // pages are fetched at 1000 + step
          continue;
        }
        String path = paths.get(random.nextInt(paths.size()));
        String canonical = random.nextBoolean() ? "http://x/" + random.nextInt(urls) : "";
        DuplicateDetector.Request q = requests.computeIfAbsent(path + " " + url + " " + canonical, k -> {
          Page d = demo(path, url);
          Page p = new Page(d.url(), d.title(), d.heading(), d.keywords(), d.description(), canonical, d.language(),
              d.charset(), d.text(), d.status(), d.message(), d.bodyDigest());
          return new DuplicateDetector.Request(p, url, 1000, IndexSignature.of(FINGERPRINTER.of(p)));
        });
        stream.add(new DuplicateDetector.Request(q.page(), url, 1000 + i, q.signature()));
      }
      DetectorSettings settings = new DetectorSettings(DetectorSettings.defaults().minTextChars(),
          DetectorSettings.defaults().thresholds(), seed % 2 == 0, true);
      int decidedAgain = 0; // pages decided again after their batch: one more seq each
      try (IndexStore one = newStore(); IndexStore batched = newStore()) {
        DuplicateDetector d1 = new DuplicateDetector(FINGERPRINTER, one, settings);
        DuplicateDetector d2 = new DuplicateDetector(FINGERPRINTER, batched, settings);
        List<String> expected = new ArrayList<>();
        for (Object step : stream) {
          expected.add(step instanceof DuplicateDetector.Request q
              ? q.id() + ": " + describe(d1.checkAll(List.of(q)).get(0))
              : step instanceof Long cutoff ? "expire " + cutoff + ": " + one.expire(cutoff)
              : "remove " + step + ": " + one.remove((String) step));
        }
        List<String> actual = new ArrayList<>();
        for (int from = 0, to; from < stream.size(); from = to) {
          if (stream.get(from) instanceof String url) {
            actual.add("remove " + url + ": " + batched.remove(url));
            to = from + 1;
            continue;
          }
          if (stream.get(from) instanceof Long cutoff) {
            actual.add("expire " + cutoff + ": " + batched.expire(cutoff));
            to = from + 1;
            continue;
          }
          List<DuplicateDetector.Request> batch = new ArrayList<>();
          int n = 1 + random.nextInt(8);
          for (to = from; to < stream.size() && batch.size() < n
              && stream.get(to) instanceof DuplicateDetector.Request q; to++) {
            batch.add(q);
          }
          List<Verdict> vs = d2.checkAll(batch);
          for (int i = 0; i < batch.size(); i++) {
            actual.add(batch.get(i).id() + ": " + describe(vs.get(i)));
            if (vs.get(i).scores().containsKey("decided_again")) decidedAgain++;
          }
        }
        for (int i = 0; i < expected.size(); i++) {
          assertEquals(expected.get(i), actual.get(i), "seed " + seed + ", step " + i);
        }
        Map<String, Long> c1 = new TreeMap<>(one.stats().counters());
        Map<String, Long> c2 = new TreeMap<>(batched.stats().counters());
        if (decidedAgain == 0) {
          assertEquals(c1, c2, "seed " + seed);
        } else {
          // each page decided again was rechecked (under its seq), and its first decision
          // counts too
          assertEquals(c1.get("live"), c2.get("live"), "seed " + seed);
          assertEquals(c1.get("pages"), c2.get("pages"), "seed " + seed);
          assertEquals(c1.getOrDefault("orphans", 0L), c2.getOrDefault("orphans", 0L), "seed " + seed);
          assertEquals(decidedAgain, c2.get("rechecks"), "seed " + seed);
        }
      }
    }
  }

  /**
   * An unchanged re-fetch of a unique page stays unique, also when its rel=canonical url was
   * re-crawled after it with a copy of it: a replay looks again among the pages before it only.
   */
  @Test
  void aReplayIgnoresACanonicalRecordedAfterThePage() {
    String k = "http://demo.example/news-a/subway.html";
    assertEquals(VerdictKind.UNIQUE, check(demo("news-b/football.html", k)).kind()); // other text at k
    Page p = demo("blog-c/subway.html", "http://demo.example/blog-c/subway.html"); // rel=canonical: k
    assertEquals(k, p.canonical());
    assertEquals(VerdictKind.UNIQUE, check(p).kind(), "k found, but no match: p's check could decide by k");
    assertEquals("NEAR of http://demo.example/blog-c/subway.html by sentence_boundary (leaves the index)",
        describe(check(demo("news-a/subway.html", k))), "k, indexed unique, re-crawled with a copy of p");
    assertEquals("UNIQUE of null by null (replay)", describe(check(p)));
    assertEquals(1, store.stats().counters().get("near").intValue());
  }

  @Test
  void aCopyOfAPageFoundNearEarlierInTheSameBatchNamesTheFirstOriginal() {
    check(demo("world-d/marathon.html", "http://d/marathon"));
    List<DuplicateDetector.Request> batch = new ArrayList<>();
    for (Page p : List.of(demo("mirror-e/marathon.html", "http://e/marathon"),
        demo("mirror-e/marathon.html", "http://f/marathon"),
        demo("mirror-e/marathon.html", "http://e/marathon"))) {
      batch.add(new DuplicateDetector.Request(p, p.url(), 1000, IndexSignature.of(FINGERPRINTER.of(p))));
    }
    List<Verdict> vs = detector.checkAll(batch);
    assertEquals("NEAR of http://d/marathon by minhash", describe(vs.get(0)));
    assertEquals("EXACT of http://d/marathon by exact", describe(vs.get(1)));
    assertEquals("NEAR of http://d/marathon by replay (replay)", describe(vs.get(2)));
    // and the store agrees afterwards
    assertEquals("EXACT of http://d/marathon by replay (replay)",
        describe(check(demo("mirror-e/marathon.html", "http://f/marathon"))));
    assertEquals("EXACT of http://d/marathon by exact",
        describe(check(demo("mirror-e/marathon.html", "http://g/marathon"))));
  }

  Verdict checkAt(Page p, long fetchedAt) {
    return detector.check(p, p.url(), fetchedAt);
  }

  /**
   * b, an exact copy of a fetched before it, comes after it: b is the original and a its copy,
   * out of the index ({@link Verdict#replacedUrl()}); a's re-fetch, a later copy and b's re-fetch
   * all say so.
   */
  @Test
  void anExactCopyFetchedBeforeItsOriginalComesLateAndTakesItsPlace() {
    assertEquals("UNIQUE of null by null", describe(checkAt(demo("news-a/flood.html", "http://a/flood"), 2000)));
    Verdict b = checkAt(demo("news-b/flood-reprint.html", "http://b/flood"), 1000);
    assertEquals("UNIQUE of null by null", describe(b));
    assertEquals("http://a/flood", b.replacedUrl());
    assertEquals("exact", b.scores().get("replaces_by"));
    assertEquals(2000L, b.scores().get("replaces_fetched_at"));

    Verdict aAgain = checkAt(demo("news-a/flood.html", "http://a/flood"), 2000);
    assertEquals("EXACT of http://b/flood by replay (replay)", describe(aAgain));
    assertEquals(1000, aAgain.originalFetchedAt());
    assertEquals("EXACT of http://b/flood by exact", describe(checkAt(demo("news-a/flood.html", "http://c/flood"), 3000)));
    Verdict bAgain = checkAt(demo("news-b/flood-reprint.html", "http://b/flood"), 1000);
    assertEquals("UNIQUE of null by null (replay)", describe(bAgain));
    assertNull(bAgain.replacedUrl(), "told once");
    Map<String, Long> n = store.stats().counters();
    assertEquals(1, n.get("unique"));
    assertEquals(2, n.get("exact"));
  }

  /** The same with a near copy: the original becomes its near copy, found by the same method. */
  @Test
  void aNearCopyFetchedBeforeItsOriginalComesLateAndTakesItsPlace() {
    checkAt(demo("world-d/marathon.html", "http://d/marathon"), 2000);
    Verdict e = checkAt(demo("mirror-e/marathon.html", "http://e/marathon"), 1000);
    assertEquals("UNIQUE of null by null", describe(e));
    assertEquals("http://d/marathon", e.replacedUrl());
    assertEquals("minhash", e.scores().get("replaces_by"));
    assertEquals("NEAR of http://e/marathon by replay (replay)",
        describe(checkAt(demo("world-d/marathon.html", "http://d/marathon"), 2000)));
    assertEquals("UNIQUE of null by null (replay)",
        describe(checkAt(demo("mirror-e/marathon.html", "http://e/marathon"), 1000)));
    // a copy fetched after both names the earliest
    Verdict later = checkAt(demo("world-d/marathon.html", "http://f/marathon"), 3000);
    assertEquals("http://e/marathon", later.originalUrl(), describe(later));
  }

  /** A page fetched after the original, or at the same time, stays its copy, late or not. */
  @Test
  void aCopyFetchedAfterItsOriginalStaysACopyWhenItComesLate() {
    checkAt(demo("news-a/flood.html", "http://a/flood"), 1000);
    assertEquals("EXACT of http://a/flood by exact", describe(checkAt(demo("news-b/flood-reprint.html", "http://b/flood"), 1000)));
    assertEquals("EXACT of http://a/flood by exact", describe(checkAt(demo("news-b/flood-reprint.html", "http://c/flood"), 5000)));
  }

  /** In one batch the pages are checked in the order of their fetch times; verdicts come in the batch's order. */
  @Test
  void aBatchChecksItsPagesInTheOrderOfTheirFetchTimes() {
    List<DuplicateDetector.Request> batch = new ArrayList<>();
    long[] at = {3000, 1000, 2000};
    String[] urls = {"http://a/flood", "http://b/flood", "http://c/flood"};
    for (int i = 0; i < 3; i++) {
      Page p = demo("news-a/flood.html", urls[i]);
      batch.add(new DuplicateDetector.Request(p, p.url(), at[i], IndexSignature.of(FINGERPRINTER.of(p))));
    }
    List<Verdict> vs = detector.checkAll(batch);
    assertEquals(List.of("EXACT of http://b/flood by exact", "UNIQUE of null by null", "EXACT of http://b/flood by exact"),
        vs.stream().map(DuplicateDetectorContract::describe).toList());
    assertNull(vs.get(1).replacedUrl(), "nothing was indexed before it");
  }

  /**
   * b takes a's place, but the store loses the decisions: b, recorded an exact copy of a, takes
   * it when it comes back.
   */
  @Test
  void takingTheOriginalsPlaceLostToAStoreFailureIsDoneWhenThePageComesBack() {
    checkAt(demo("news-a/flood.html", "http://a/flood"), 2000);
    DuplicateDetector d = new DuplicateDetector(FINGERPRINTER, new FlakyStore(store, 0, 1), DetectorSettings.defaults());
    Page b = demo("news-b/flood-reprint.html", "http://b/flood");
    assertThrows(StoreException.Unavailable.class, () -> d.check(b, b.url(), 1000));
    Verdict again = d.check(b, b.url(), 1000);
    assertEquals("UNIQUE of null by null (replay)", describe(again));
    assertEquals("http://a/flood", again.replacedUrl());
    assertEquals("EXACT of http://b/flood by replay (replay)",
        describe(checkAt(demo("news-a/flood.html", "http://a/flood"), 2000)));
  }

  @Test
  void aNearDecisionLostToAStoreFailureIsMadeWhenThePageComesBack() {
    check(demo("world-d/marathon.html", "http://d/marathon"));
    DuplicateDetector d = new DuplicateDetector(FINGERPRINTER, new FlakyStore(store, 0, 1), DetectorSettings.defaults());
    Page copy = demo("mirror-e/marathon.html", "http://e/marathon");
    assertThrows(StoreException.Unavailable.class, () -> d.check(copy, copy.url(), 1000));
    assertEquals(2, store.stats().counters().get("unique").intValue(), "the copy is recorded, but as unique");

    Verdict again = d.check(copy, copy.url(), 1000); // the tuple comes back
    assertEquals("NEAR of http://d/marathon by minhash (replay)", describe(again));
    assertEquals(1, store.stats().counters().get("near").intValue());
    assertEquals(1, store.stats().counters().get("unique").intValue());
    assertEquals("NEAR of http://d/marathon by replay (replay)", describe(check(copy)));
    // a replay of a page that is unique stays unique and is not its own duplicate
    assertEquals("UNIQUE of null by null (replay)", describe(check(demo("world-d/marathon.html", "http://d/marathon"))));
  }

  /**
   * A batch [near copy b of a, exact copy c of b] whose near decisions are lost: when both come
   * back, b is decided again and c is relinked to a, so c names a even after b is re-crawled.
   */
  @Test
  void anExactCopyRelinkLostWithItsBatchIsMadeWhenTheCopyComesBack() {
    check(demo("world-d/marathon.html", "http://d/marathon"));
    DuplicateDetector d = new DuplicateDetector(FINGERPRINTER, new FlakyStore(store, 0, 1), DetectorSettings.defaults());
    List<DuplicateDetector.Request> batch = new ArrayList<>();
    for (String url : List.of("http://e/marathon", "http://f/marathon")) {
      Page p = demo("mirror-e/marathon.html", url);
      batch.add(new DuplicateDetector.Request(p, url, 1000, IndexSignature.of(FINGERPRINTER.of(p))));
    }
    assertThrows(StoreException.Unavailable.class, () -> d.checkAll(batch));
    List<String> again = d.checkAll(batch).stream().map(DuplicateDetectorContract::describe).toList();
    assertEquals(List.of("NEAR of http://d/marathon by minhash (replay)",
        "EXACT of http://d/marathon by replay (replay)"), again);
    check(demo("news-a/subway.html", "http://e/marathon")); // e re-crawled with other content
    assertEquals("EXACT of http://d/marathon by replay (replay)",
        describe(check(demo("mirror-e/marathon.html", "http://f/marathon"))));
  }

  @Test
  void tooLittleTextGetsOnlyTheExactCheck() {
    Page shortPage = Page.ofText("http://s/1", "短讯", "油田发生爆炸，两人受伤。", null);
    Verdict v = check(shortPage);
    assertEquals(VerdictKind.SKIPPED, v.kind());
    Verdict exact = check(Page.ofText("http://s/2", "短讯", "油田发生爆炸，两人受伤。", null));
    assertEquals(VerdictKind.EXACT, exact.kind());
    assertEquals("http://s/1", exact.originalUrl());
  }

  @Test
  void aPageWithoutTextIsSkippedAndNotRecorded() {
    Verdict v = check(EXTRACTOR.extract("http://empty", new byte[0], null));
    assertEquals(VerdictKind.SKIPPED, v.kind());
    assertEquals(0, v.seq());
    Verdict again = check(EXTRACTOR.extract("http://empty2", new byte[0], null));
    assertFalse(again.isDuplicate(), "empty pages are not duplicates of each other");
  }

  @Test
  void aSeenCanonicalTargetIsPreferredAsTheOriginal() {
    check(demo("news-a/subway.html", "http://a/subway"));
    // Another exact mirror is seen before the canonical target's own url is crawled again.
    Page canonicalTarget = demo("news-a/subway.html", "http://demo.example/news-a/subway.html");
    check(canonicalTarget);
    // blog-c/subway.html declares rel=canonical ../news-a/subway.html.
    Verdict v = check(demo("blog-c/subway.html", "http://demo.example/blog-c/subway.html"));
    assertEquals(VerdictKind.NEAR, v.kind(), v.toString());
    assertEquals("http://demo.example/news-a/subway.html", v.originalUrl(), v.toString());

    DuplicateDetector firstSeen = new DuplicateDetector(FINGERPRINTER, store,
        new DetectorSettings(100, DetectorSettings.defaults().thresholds(), false, true));
    Page p = demo("blog-c/subway.html", "http://demo2/blog-c/subway.html");
    Page withCanonical = new Page(p.url(), p.title(), p.heading(), p.keywords(), p.description(),
        "http://demo.example/news-a/subway.html", p.language(), p.charset(), p.text(), p.status(), p.message(),
        p.bodyDigest());
    assertEquals("http://a/subway", firstSeen.check(withCanonical, withCanonical.url(), 1).originalUrl());
  }

  /**
   * The canonical target K is itself an exact copy of a. The page P that names K is a near copy
   * of K (the verdict prefers the canonical), but the store records P as a copy of a, the first
   * seen, and so an exact copy of P names a, alone or in P's batch.
   */
  @Test
  void copiesOfAPageMatchedByACanonicalThatIsACopyNameTheFirstSeen() {
    List<Page> pages = List.of(demo("blog-c/subway.html", "http://demo.example/blog-c/subway.html"),
        demo("blog-c/subway.html", "http://q/subway"));
    List<String> expected = List.of("NEAR of http://demo.example/news-a/subway.html by sentence_boundary",
        "EXACT of http://a/subway by exact");
    for (boolean batched : new boolean[] {false, true}) {
      try (IndexStore s = newStore()) {
        DuplicateDetector d = new DuplicateDetector(FINGERPRINTER, s, DetectorSettings.defaults());
        d.check(demo("news-a/subway.html", "http://a/subway"), "http://a/subway", 1);
        Page k = demo("news-a/subway.html", "http://demo.example/news-a/subway.html");
        assertEquals("EXACT of http://a/subway by exact", describe(d.check(k, k.url(), 1)));
        List<String> actual = new ArrayList<>();
        if (batched) {
          List<DuplicateDetector.Request> batch = new ArrayList<>();
          for (Page p : pages) batch.add(new DuplicateDetector.Request(p, p.url(), 1, IndexSignature.of(FINGERPRINTER.of(p))));
          for (Verdict v : d.checkAll(batch)) actual.add(describe(v));
        } else {
          for (Page p : pages) actual.add(describe(d.check(p, p.url(), 1)));
        }
        assertEquals(expected, actual, batched ? "in one batch" : "one by one");
      }
    }
  }

  /**
   * A near decision made through the canonical alone (the lookup found no candidate: the target
   * was recorded without near lookup) and lost to a store failure is made when the page comes back.
   */
  @Test
  void aNearDecisionByTheCanonicalAloneLostToAStoreFailureIsMadeWhenThePageComesBack() {
    Page k = demo("news-a/subway.html", "http://demo.example/news-a/subway.html");
    DuplicateDetector thinTexts = new DuplicateDetector(FINGERPRINTER, store,
        new DetectorSettings(1_000_000, DetectorSettings.defaults().thresholds(), true, true));
    assertEquals(VerdictKind.SKIPPED, thinTexts.check(k, k.url(), 1).kind(), "recorded, not in the near structures");
    DuplicateDetector d = new DuplicateDetector(FINGERPRINTER, new FlakyStore(store, 0, 1), DetectorSettings.defaults());
    Page p = demo("blog-c/subway.html", "http://demo.example/blog-c/subway.html"); // rel=canonical: k
    assertThrows(StoreException.Unavailable.class, () -> d.check(p, p.url(), 1));
    Verdict again = d.check(p, p.url(), 1); // the tuple comes back
    assertEquals("NEAR of http://demo.example/news-a/subway.html by sentence_boundary (replay)", describe(again));
    assertEquals(1, store.stats().counters().get("near").intValue());
  }

  static String[] tramParagraphs() {
    try (InputStream in = DuplicateDetectorContract.class.getResourceAsStream("/containment/tram-article.txt")) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip().split("\n\\s*\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Page tram(String url, String title, int from, int to) {
    String[] p = tramParagraphs();
    return Page.ofText(url, title, String.join("\n\n", java.util.Arrays.copyOfRange(p, from, to)), null);
  }

  /** An excerpt (the first quarter of an article) is a copy; the full article after an excerpt is not. */
  @Test
  void anExcerptIsANearDuplicateByContainmentButNotTheOtherWayRound() {
    Page full = tram("http://a/tram", "Council approves Riverside tram extension", 0, 12);
    Page excerpt = tram("http://b/tram-shops", "Riverside tram line to reach the hospital", 0, 3);
    assertEquals(VerdictKind.UNIQUE, check(full).kind());
    Verdict v = check(excerpt);
    assertEquals(VerdictKind.NEAR, v.kind(), v.toString());
    assertEquals("containment", v.detector(), v.toString());
    assertEquals("http://a/tram", v.originalUrl());
    assertTrue((double) v.scores().get("jaccard_estimate") < 0.3, v.toString());
    assertTrue((double) v.scores().get("containment_estimate") >= 0.75, v.toString());

    // Reversed order, in a fresh store: most of the full article was not seen before.
    store.close();
    store = newStore();
    detector = new DuplicateDetector(FINGERPRINTER, store, DetectorSettings.defaults());
    assertEquals(VerdictKind.UNIQUE, check(tram("http://b/tram-shops", "Riverside tram line to reach the hospital", 0, 3)).kind());
    Verdict after = check(tram("http://a/tram", "Council approves Riverside tram extension", 0, 12));
    assertEquals(VerdictKind.UNIQUE, after.kind(), after.toString());
  }

  /**
   * Copies drift: a page that matches a copy but not the copy's original is no copy of that
   * original, whose text the index holds, and stays unique; its scores name the copy it matched.
   */
  @Test
  void aPageThatMatchesACopyButNotItsOriginalStaysUnique() {
    assertEquals(VerdictKind.UNIQUE, check(tram("http://a/tram", "Council approves Riverside tram extension", 0, 7)).kind());
    Verdict copy = check(tram("http://b/tram", "Riverside tram extension: the vote", 3, 10));
    assertEquals(VerdictKind.NEAR, copy.kind(), copy.toString());
    assertEquals("http://a/tram", copy.originalUrl());

    Verdict later = check(tram("http://c/tram-hospital", "Riverside tram line to reach the hospital", 7, 10));
    assertEquals(VerdictKind.UNIQUE, later.kind(), later.toString());
    assertEquals(Map.of("id", "http://b/tram", "original", "http://a/tram"), later.scores().get("copy_only"), later.toString());
    // the page is indexed now: an exact copy of it names it
    Verdict again = check(tram("http://d/tram-hospital", "Hospital to get a tram stop", 7, 10));
    assertEquals(VerdictKind.EXACT, again.kind(), again.toString());
    assertEquals("http://c/tram-hospital", again.originalUrl());
  }

  /** The same in one batch: the copy's original, decided earlier in the batch, is checked as the store would give it. */
  @Test
  void aBatchChecksTheOriginalOfACopyItDecidedAsOneByOne() {
    assertBatchDecidesAsOneByOne(List.of(),
        List.of(tram("http://a/tram", "Council approves Riverside tram extension", 0, 7),
            tram("http://b/tram", "Riverside tram extension: the vote", 3, 10),
            tram("http://c/tram-hospital", "Riverside tram line to reach the hospital", 7, 10),
            tram("http://d/tram-vote", "Council vote on the tram", 3, 9)));
  }

  /**
   * A stored sketch of another version (a page written by another build) cannot be verified: the
   * page is no match for anything, and no error stops the check.
   */
  @Test
  void aStoredSketchOfAnotherVersionMatchesNothing() {
    Page full = tram("http://a/tram", "Council approves Riverside tram extension", 0, 12);
    org.neardup.fingerprint.IndexSignature f = org.neardup.fingerprint.IndexSignature.of(FINGERPRINTER.of(full));
    byte[] other = f.fine().encode();
    other[0] = 2;
    store.checkAndRecord(new org.neardup.index.PageEntry(full.url(), full.url(), 1000, full.title(), null,
        f.digest().bytes(), true, f.simhash(), f.bands(), f.coreTerms(), other, ""));

    Verdict mostly = check(tram("http://c/tram", "Riverside tram: eleven more kilometres", 0, 11));
    assertEquals(VerdictKind.UNIQUE, mostly.kind(), mostly.toString());
  }

  /** Threads offering copies of one article at once: exactly one is unique, whatever the order. */
  @Test
  void concurrentCopiesGetExactlyOneUnique() throws Exception {
    List<Page> pages = new ArrayList<>();
    for (int i = 0; i < 4; i++) pages.add(demo("news-a/admission.html", "http://mirror" + i + "/admission"));
    for (int i = 0; i < 4; i++) pages.add(demo("blog-c/admission.html", "http://copy" + i + "/admission"));
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Callable<Verdict>> tasks = new ArrayList<>();
      for (Page p : pages) tasks.add(() -> check(p));
      int unique = 0;
      for (Future<Verdict> f : pool.invokeAll(tasks)) {
        if (f.get().kind() == VerdictKind.UNIQUE) unique++;
      }
      assertEquals(1, unique);
    } finally {
      pool.shutdownNow();
    }
  }
}

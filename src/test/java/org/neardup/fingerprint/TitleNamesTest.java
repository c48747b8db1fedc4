package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The names a title gives ({@link TitleNames}) and the rule that two pages naming two things are
 * twins, not copies ({@link CombinedRule}).
 */
class TitleNamesTest {
  static final MatchThresholds T = MatchThresholds.defaults();

  /** A reference page's text: its own name three times, and the family's shared lines. */
  static String reference(String name) {
    return "fn " + name + "(value, out). Writes value to out as " + name + " does. Example: " + name
        + "(7, buffer) then flush(buffer). See also pack_all, flush.";
  }

  @Test
  void identifiersAreNamesAndPlainWordsAreNot() {
    for (String name : new String[] {"is_fifo", "i16", "u8", "GFileOutputStream", "ShrAssign", "iPod", "gfx90c"}) {
      assertTrue(TitleNames.isName(name), name);
    }
    for (String word : new String[] {"std", "Colour", "FIFO", "2024", "_", "Rust"}) {
      assertFalse(TitleNames.isName(word), word);
    }
  }

  @Test
  void aWordJoinedByTwoColonsIsAName() {
    TitleNames deque = TitleNames.of("std::deque<T,Allocator>::size - cppreference.com",
        "Returns the size of the deque.");
    TitleNames set = TitleNames.of("std::unordered_set<Key>::size - cppreference.com",
        "The size of the unordered_set.");
    assertEquals(3, deque.size(), "std, deque and size; T and Allocator are plain words, cppreference.com a host");
    assertTrue(deque.namesAnother(set, 1), "deque and unordered_set");
    assertEquals(0, TitleNames.of("Scores: a::b", "a::b").size(), "one letter is no name");
  }

  @Test
  void wordsJoinedAsCodeJoinsThemAreNames() {
    TitleNames error = TitleNames.of("TEventLog.Error", "procedure TEventLog.Error(const Msg: string); Logs an error.");
    TitleNames warning = TitleNames.of("TEventLog.Warning", "procedure TEventLog.Warning(const Msg: string); Logs a warning.");
    assertEquals(2, error.size(), "TEventLog and Error");
    assertTrue(error.namesAnother(warning, 1), "a method of one class and another method");
    TitleNames variant = TitleNames.of("assign(variant):TDateTime", "operator :=(const source: variant): TDateTime;");
    TitleNames ole = TitleNames.of("assign(olevariant):TDateTime", "operator :=(const source: olevariant): TDateTime;");
    assertEquals(3, variant.size(), "assign, variant and TDateTime");
    assertTrue(variant.namesAnother(ole, 1), "an operator for two argument types");
    TitleNames currency = TitleNames.of("assign(variant):currency", "operator :=(const source: variant): currency;");
    assertTrue(currency.namesAnother(variant, 1), "an operator for two result types");
    assertEquals(2, TitleNames.of("os.path - Python", "").size(), "os and path");
    assertEquals(1, TitleNames.of("p->next", "").size(), "next; p is one letter");
    TitleNames consumer = TitleNames.of("Consumer (Java SE 17)", "Interface Consumer<T>", "Consumer accepts a value.");
    TitleNames doubleConsumer = TitleNames.of("DoubleConsumer (Java SE 17)", "Interface DoubleConsumer",
        "DoubleConsumer accepts a double value, as Consumer does.");
    assertEquals(1, consumer.size(), "Consumer, a generic type; T is one letter");
    assertTrue(consumer.namesAnother(doubleConsumer, 1), "a generic interface and its specialisation");

    // spaces break a join, and a host name is not code
    assertEquals(0, TitleNames.of("Apple (AAPL) beats estimates. Shares rise", "").size());
    assertEquals(0, TitleNames.of("Floods hit the north - news.example.co.uk", "").size());
    assertEquals(0, TitleNames.of("Half-year results: www.Example.com", "").size());
    assertEquals(0, TitleNames.of("Version 2.5 released", "").size(), "numbers are no names");
    assertEquals(0, TitleNames.of("Why a < b and b <c hold", "").size(), "a comparison is no generic type");
    assertEquals(0, TitleNames.of("x<=y, Price<100 and John<john@example.com>", "").size(),
        "nor a number or an address after <");
    assertEquals(4, TitleNames.of("Map<K, V>, Vec<u8> and Option<std::string>", "").size(),
        "map, vec, u8 and option (std stays out: four at most)");
  }

  @Test
  void aCommandIsOneName() {
    TitleNames llvm = TitleNames.of("llvm-tblgen - Target Description to C++ Code for LLVM",
        "llvm-tblgen [options] [filename]. llvm-tblgen is a program that translates target descriptions.");
    TitleNames mlir = TitleNames.of("mlir-tblgen - Description to C++ Code for MLIR",
        "mlir-tblgen [options] [filename]. mlir-tblgen is a program that translates target descriptions.");
    assertEquals(1, llvm.size(), "llvm-tblgen; LLVM alone is a plain word");
    assertTrue(llvm.namesAnother(mlir, 2), "two commands of one family");
    TitleNames diff = TitleNames.of("git-diff(1)", "Show changes between commits. git diff [options] shows the diff.");
    TitleNames files = TitleNames.of("git-diff-files(1)", "Compares files in the working tree. git diff-files [options].");
    assertEquals(2, diff.size(), "git-diff, and diff before a call's parenthesis");
    assertTrue(files.namesAnother(diff, 1), "a longer command is another command, not the shorter one's name and more");
    assertEquals(0, TitleNames.of("Colour-Picker and Wi-Fi - Help", "").size(), "capitals make words, not a command");
    assertEquals(0, TitleNames.of("Results 2023-2024 - news", "2023-2024").size(), "a range of years");
    assertEquals(0, TitleNames.of("2023-2024 results", "2023-2024").size(), "a range of years, first");
    assertEquals(1, TitleNames.of("llvm-tblgen", null).size(), "a text that is not there: the name, written 0 times");
  }

  /**
   * Title case capitalises a title's first word: one left in lower case before words in title case
   * is written as code writes it (a header, a function), and is a name.
   */
  @Test
  void aLowerCaseWordOpeningATitleInTitleCaseIsAName() {
    assertEquals("cfloat", TitleNames.lowerCaseOpening("cfloat File Reference"));
    assertEquals("deque", TitleNames.lowerCaseOpening("deque Class Template Reference"));
    assertEquals("printf", TitleNames.lowerCaseOpening(" printf and the Format String"), "small words may stay small");
    assertNull(TitleNames.lowerCaseOpening("cfloat file reference"), "sentence case");
    assertNull(TitleNames.lowerCaseOpening("Floods Hit the North"), "opens with a capital");
    assertNull(TitleNames.lowerCaseOpening("iPhone Review"), "not lower case: a name by its marks, not by this rule");
    assertNull(TitleNames.lowerCaseOpening("of Mice and Men"), "a small word");
    assertNull(TitleNames.lowerCaseOpening("cfloat"), "one word");
    assertNull(TitleNames.lowerCaseOpening("2024 Annual Report"), "no letter");
    assertNull(TitleNames.lowerCaseOpening("libstdc++: cfloat File Reference"), "not the title's first word");
    TitleNames cfloat = TitleNames.of("libstdc++: cfloat File Reference", "cfloat File Reference",
        "This is the C++ version of the Standard C header float.h. Definition in file cfloat.");
    TitleNames cwchar = TitleNames.of("libstdc++: cwchar File Reference", "cwchar File Reference",
        "This is the C++ version of the Standard C header wchar.h. Definition in file cwchar.");
    assertTrue(cfloat.namesAnother(cwchar, 1), "the pages of two headers from one template");
  }

  /** A hyphenated word inside a title is prose: a repost retitled with another is no twin. */
  @Test
  void hyphenatedWordsInsideATitleAreNoNames() {
    String text = "Read your e-mail on the phone. Follow this step-by-step guide for each account.";
    TitleNames original = TitleNames.of("Setting up e-mail on your phone", text);
    TitleNames repost = TitleNames.of("A step-by-step guide to your phone's mail", text);
    assertEquals(0, original.size());
    assertEquals(0, repost.size());
    assertFalse(repost.namesAnother(original, 1));
  }

  @Test
  void aFilesExtensionIsAName() {
    TitleNames header = TitleNames.of("regex_compiler.h File Reference",
        "This is an internal header file. regex_compiler.h includes regex_compiler.tcc.");
    TitleNames tcc = TitleNames.of("regex_compiler.tcc File Reference", "This is an internal header file, regex_compiler.tcc.");
    assertEquals(2, header.size(), "regex_compiler and h");
    assertTrue(tcc.namesAnother(header, 1), "a header and the file of its templates");
    assertEquals(1, TitleNames.of("p->next", "").size(), "one letter after -> is no extension");
    assertEquals(0, TitleNames.of("Version 2.a", "").size(), "after one character");
    assertEquals(0, TitleNames.of("Node 18.x release", "").size(), "after a number");
    assertEquals(2, TitleNames.of("See regex_compiler.h.", "").size(), "before a full stop");
    assertEquals(2, TitleNames.of("regex_compiler.h.gz", "").size(), "regex_compiler and gz; h is inside the name");
  }

  @Test
  void countsEachTitleNameInTheText() {
    TitleNames n = TitleNames.of("is_fifo - cppreference.com",
        "bool is_fifo(s); Checks a FIFO. IS_FIFO(p) and is_fifo(p, ec). is_directory(p) too.");
    assertEquals(1, n.size());
    TitleNames directory = TitleNames.of("is_directory - cppreference.com",
        "is_directory(p), is_directory(s), IS_DIRECTORY");
    assertTrue(n.namesAnother(directory, 3));
    assertFalse(n.namesAnother(directory, 4), "three mentions of each name, whatever their case");
    TitleNames none = TitleNames.of("Filters - Help", "Every filter of the menu, is_fifo and all.");
    assertEquals(0, none.size());
    assertEquals(TitleNames.NONE, none);
  }

  @Test
  void twoTitlesNamingTwoRepeatedThingsAreTwins() {
    TitleNames u16 = TitleNames.of("pack_u16 - bytepack", reference("pack_u16"));
    TitleNames u32 = TitleNames.of("pack_u32 - bytepack", reference("pack_u32"));
    assertTrue(u16.namesAnother(u32, 3));
    assertTrue(u32.namesAnother(u16, 3));
    assertFalse(u16.namesAnother(u32, 4), "each name is written three times");
    assertFalse(u16.namesAnother(u32, 0), "0 turns the rule off");
  }

  /**
   * A site that gives many pages one title ("bytepack: Member List") names each in its heading:
   * the heading's names follow the title's.
   */
  @Test
  void aHeadingNamesWhatASharedTitleDoesNot() {
    TitleNames u16 = TitleNames.of("bytepack: Member List", "bytepack::reader_u16 Member List", reference("reader_u16"));
    TitleNames u32 = TitleNames.of("bytepack: Member List", "bytepack::reader_u32 Member List", reference("reader_u32"));
    assertEquals(2, u16.size(), "bytepack and reader_u16");
    assertTrue(u16.namesAnother(u32, 3));
    TitleNames titleOnly = TitleNames.of("bytepack: Member List", reference("reader_u16"));
    assertEquals(TitleNames.NONE, titleOnly);
    assertFalse(titleOnly.namesAnother(TitleNames.of("bytepack: Member List", reference("reader_u32")), 1));
    TitleNames both = TitleNames.of("i8 - Rust", "Primitive Type i16", reference("i8") + reference("i16"));
    assertEquals(TitleNames.of("i8, i16 - Rust", reference("i8") + reference("i16")), both,
        "the title's names first, then the heading's, each once");
  }

  @Test
  void aTitleThatKeepsOrAddsNamesNamesNothingElse() {
    TitleNames page = TitleNames.of("pack_u16 - bytepack 1.0", reference("pack_u16"));
    TitleNames nextVersion = TitleNames.of("pack_u16 - bytepack 2.0", reference("pack_u16"));
    assertFalse(page.namesAnother(nextVersion, 3));
    TitleNames widened = TitleNames.of("pack_u16 and pack_u24 - bytepack",
        reference("pack_u16") + " " + reference("pack_u24"));
    assertFalse(page.namesAnother(widened, 3), "the earlier title's names are all in the later one");
    TitleNames localised = TitleNames.of("Fill with FG Colour", "Fill with the foreground colour. Colour, colour.");
    TitleNames original = TitleNames.of("Fill with FG Color", "Fill with the foreground color. Color, color.");
    assertFalse(localised.namesAnother(original, 1), "plain words are no names");
    TitleNames upper = TitleNames.of("10.6. IPV6", "IPV6 and ipv6 and IPv6.");
    TitleNames mixed = TitleNames.of("10.6. IPv6", "IPv6, IPv6 and IPv6.");
    assertFalse(upper.namesAnother(mixed, 1), "one name in two cases");
  }

  @Test
  void aNameTheTextDoesNotRepeatSaysNothing() {
    TitleNames u16 = TitleNames.of("pack_u16 - bytepack", "Writes a value. See pack_u16.");
    TitleNames u32 = TitleNames.of("pack_u32 - bytepack", reference("pack_u32"));
    assertFalse(u16.namesAnother(u32, 3));
  }

  /**
   * A reference heads a page with the qualified name of what it documents; the text of a small page
   * (a few constants among the template's sentences) may never write it. The heading ending a
   * qualified name with a title's name counts; its qualifiers, a word of prose and a name the
   * heading alone gives still need the text.
   */
  @Test
  void aTitlesNameThatEndsTheHeadingsQualifiedNameIsWritten() {
    String template = "Constants\nValues\nReturns the constants of this enum, in the order they are declared.";
    TitleNames mode = TitleNames.of("Codec.Mode (bytepack 1.0 API)", "Enum Codec.Mode", "FAST\nSAFE\n" + template);
    TitleNames state = TitleNames.of("Breaker.State (bytepack 1.0 API)", "Enum Breaker.State", "OPEN\nSHUT\n" + template);
    assertTrue(mode.namesAnother(state, 1), "mode against state, each ending its heading's qualified name");
    assertFalse(mode.namesAnother(state, 2), "the heading writes each once");
    TitleNames untitled = TitleNames.of("Codec.Mode (bytepack 1.0 API)", "", "FAST\nSAFE\n" + template);
    assertFalse(untitled.namesAnother(state, 1), "without the heading, nothing writes codec or mode");
    TitleNames unix = TitleNames.of("OwnedFd in bp::os::unix - Rust", "Struct bp::os::unix::OwnedFd", "An owned descriptor.");
    TitleNames fd = TitleNames.of("OwnedFd in bp::os::fd - Rust", "Struct bp::os::fd::OwnedFd", "An owned descriptor.");
    assertFalse(unix.namesAnother(fd, 1), "one item under two paths: the qualifiers unix and fd are not written");
    TitleNames g7 = TitleNames.of("Leaders of the G7 meet", "Leaders of the G7 meet", "The leaders met.");
    TitleNames eu5 = TitleNames.of("Summit of the EU5 ends", "Summit of the EU5 ends", "The leaders met.");
    assertFalse(g7.namesAnother(eu5, 1), "a headline's words are no qualified name");
    TitleNames shared = TitleNames.of("bytepack: Member List", "Members of bytepack::reader_u16", "read(), skip()");
    TitleNames other = TitleNames.of("bytepack: Member List", "Members of bytepack::reader_u32", "read(), skip()");
    assertFalse(shared.namesAnother(other, 1), "a name of the heading alone is written by the text or not at all");
  }

  /**
   * Of a long qualified name the one it ends with is kept before its qualifiers: two packages of
   * one parent share their first four names, and each lists its siblings by their full names.
   */
  @Test
  void theNameAQualifiedNameEndsWithIsKeptBeforeItsQualifiers() {
    String text = "package bp.codecs.variants.vcf.%s\nbp.codecs.variants.vcf.v4_0\nbp.codecs.variants.vcf.v4_1";
    TitleNames v40 = TitleNames.of("bp.codecs.variants.vcf.v4_0", "Package bp.codecs.variants.vcf.v4_0", text.formatted("v4_0"));
    TitleNames v41 = TitleNames.of("bp.codecs.variants.vcf.v4_1", "Package bp.codecs.variants.vcf.v4_1", text.formatted("v4_1"));
    assertTrue(v40.namesAnother(v41, 1), "v4_0 against v4_1, past four shared qualifiers");
  }

  /**
   * Of the qualifiers the nearest are kept first: a package and its parent's sibling end with one
   * name, and what tells them apart is the qualifier just before it, not the root they share.
   */
  @Test
  void theQualifiersNearestTheNameAreKeptFirst() {
    String text = "Import-Package: %s; version=1.0\nBundleDTO\nFrameworkDTO";
    TitleNames dto = TitleNames.of("org.bp.framework.dto (bp 1.0 API)", "Package org.bp.framework.dto",
        text.formatted("org.bp.framework.dto"));
    TitleNames level = TitleNames.of("org.bp.framework.startlevel.dto (bp 1.0 API)", "Package org.bp.framework.startlevel.dto",
        text.formatted("org.bp.framework.startlevel.dto"));
    assertTrue(dto.namesAnother(level, 1), "startlevel is kept though five names lead to dto");
    assertFalse(dto.sameNames(level));
  }

  /**
   * A reference heads a page with the name it documents, after a section's number or not, and the
   * text of a small page (a template's sentences) may never write it: the name that opens the
   * heading counts once, and so does the last name of a qualified name that opens it. A name
   * further in the heading still needs the text.
   */
  @Test
  void theNameThatOpensTheHeadingIsWritten() {
    String template = "Verbose error structure definition. Both cause and message may be NULL.";
    TitleNames tm = TitleNames.of("bytepack: bp_tm_error Struct Reference", "bp_tm_error Struct Reference", template);
    TitleNames flow = TitleNames.of("bytepack: bp_flow_error Struct Reference", "bp_flow_error Struct Reference", template);
    assertTrue(tm.namesAnother(flow, 1), "two structs of one template, each heading opening with its own name");
    assertFalse(tm.namesAnother(flow, 2), "the heading writes each once");
    TitleNames rg14 = TitleNames.of("2.6.1.9. PIX_FMT_RG14 (‘RG14’) — Kernel docs", "2.6.1.9. PIX_FMT_RG14 (‘RG14’)",
        "These pixel formats are raw Bayer formats.");
    TitleNames rg12 = TitleNames.of("2.6.1.7. PIX_FMT_RG12 (‘RG12’) — Kernel docs", "2.6.1.7. PIX_FMT_RG12 (‘RG12’)",
        "These pixel formats are raw Bayer formats.");
    assertTrue(rg14.namesAnother(rg12, 1), "the section's number is passed over");
    TitleNames later = TitleNames.of("Struct bp_flow_error", "Struct bp_flow_error", template);
    assertFalse(later.namesAnother(tm, 1), "a name after a plain word opens nothing");
    TitleNames u16 = TitleNames.of("bytepack: Member List", "bytepack::io::Reader16< T > Member List", "read(), skip()");
    TitleNames u32 = TitleNames.of("bytepack: Member List", "bytepack::io::Reader32< T > Member List", "read(), skip()");
    assertTrue(u16.namesAnother(u32, 1), "the last name of the qualified name that opens the heading counts once");
    TitleNames ts = TitleNames.of("cppref: path", "std::experimental::filesystem::path", "Objects of type path represent paths.");
    TitleNames std = TitleNames.of("cppref: path", "std::filesystem::path", "Objects of type path represent paths.");
    assertFalse(ts.namesAnother(std, 1), "one item under two paths: the names between are not written");
    TitleNames iface = TitleNames.of("IConfig.Set Method", "IConfig.Set Method", "Sets a key value.");
    TitleNames impl = TitleNames.of("ConfigBase.Set Method", "ConfigBase.Set Method", "Sets a key value.");
    assertTrue(iface.namesAnother(impl, 1), "the type of a method, in the name that opens the heading");
  }

  /**
   * C writes a method's name after its type's prefix, and a reference generated for language
   * bindings titles the page with the method's own name: a snake_case name of the title counts
   * where the text ends a longer identifier with it after an underscore.
   */
  @Test
  void aSnakeCaseNameIsWrittenAtTheEndOfAPrefixedIdentifier() {
    String description = "\nMoves the insert and the bound marks at once, which redraws the buffer once.";
    TitleNames place = TitleNames.of("Bp.Buffer.place_cursor", "void bp_buffer_place_cursor (BpBuffer* buffer, BpIter* where)" + description);
    TitleNames select = TitleNames.of("Bp.Buffer.select_range", "void bp_buffer_select_range (BpBuffer* buffer, BpIter* ins)" + description);
    assertTrue(place.namesAnother(select, 1), "place_cursor against select_range");
    assertFalse(place.namesAnother(select, 2), "each written once");
    // a name without an underscore, or a tail not after an underscore, is no mention
    TitleNames show = TitleNames.of("Bp.Widget.show", "void bp_widget_show (BpWidget* widget)" + description);
    TitleNames hide = TitleNames.of("Bp.Widget.hide", "void bp_widget_hide (BpWidget* widget)" + description);
    assertFalse(show.namesAnother(hide, 1), "show and hide are written only inside longer names");
    TitleNames replace = TitleNames.of("Bp.Buffer.place_cursor", "void bp_buffer_replace_cursor (BpBuffer* buffer)" + description);
    assertFalse(replace.namesAnother(select, 1), "replace_cursor does not write place_cursor");
  }

  @Test
  void encodesAndDecodes() {
    TitleNames n = TitleNames.of("i8, i16 and i32 - Rust", reference("i8") + reference("i16"));
    ByteBuffer b = ByteBuffer.allocate(n.encodedSize());
    n.encode(b);
    assertEquals(1 + 6 * 3, b.position());
    b.flip();
    assertEquals(n, TitleNames.decode(b));
    assertThrows(IllegalArgumentException.class, () -> TitleNames.decode(ByteBuffer.wrap(new byte[] {9})));
  }

  @Test
  void twinsAreNoNearDuplicatesWhateverTheirSketchesShare() {
    byte[] same = new byte[128];
    FineSignature u16 = new FineSignature(1L, 0, new int[0], new int[0], same, 400,
        TitleNames.of("pack_u16 - bytepack", reference("pack_u16")), false, 0);
    FineSignature u32 = new FineSignature(1L, 0, new int[0], new int[0], same.clone(), 400,
        TitleNames.of("pack_u32 - bytepack", reference("pack_u32")), false, 0);
    CombinedRule.Outcome o = CombinedRule.evaluate(u32, u16, T);
    assertFalse(o.duplicate(), o.toString());
    assertTrue(o.twinNames());
    FineSignature mirror = new FineSignature(1L, 0, new int[0], new int[0], same.clone(), 400,
        TitleNames.of("pack_u16 - bytepack mirror", reference("pack_u16")), false, 0);
    assertTrue(CombinedRule.evaluate(mirror, u16, T).duplicate());
    assertEquals(u16, FineSignature.decode(u16.encode()));
  }

  /** A title's pattern: the words a site writes around its names, names and numbers taken out. */
  @Test
  void aPatternKeepsTheWordsAroundTheNames() {
    assertEquals("sdl: <> source file", TitleNames.pattern("SDL: SDL_hints.h Source File"));
    assertEquals("sdl: <> file reference", TitleNames.pattern("SDL: SDL_hints.h  File Reference"));
    // a chain of names joined as code joins them is one name; numbers are numbers
    assertEquals("uses of package <> (apache commons <> #.#.# api)",
        TitleNames.pattern("Uses of Package org.apache.commons.beanutils.locale (Apache Commons BeanUtils 1.9.4 API)"));
    assertEquals(TitleNames.pattern("BeanUtils (Apache Commons BeanUtils 1.9.4 API)"),
        TitleNames.pattern("LocaleBeanUtils (Apache Commons BeanUtils 1.9.4 API)"));
    // a command, a lower-case opening word
    assertEquals("<> - target description to c++ code generator", TitleNames.pattern("llvm-tblgen - Target Description To C++ Code Generator"));
    assertEquals("<> file reference", TitleNames.pattern("cfloat File Reference"));
    // versions of one page: the same pattern
    assertEquals(TitleNames.pattern("mod_rewrite - Apache HTTP Server Version 2.4"),
        TitleNames.pattern("mod_rewrite - Apache HTTP Server Version 2.6"));
    // a headline gives no name: no pattern
    assertNull(TitleNames.pattern("Blair rejects Tory claims on tax"));
    assertNull(TitleNames.pattern("Version 2.4 released"));
    assertNull(TitleNames.pattern(null));
  }

  @Test
  void sameNamesAreTheSameNonEmptySet() {
    TitleNames source = TitleNames.of("SDL: SDL_hints.h Source File", "");
    TitleNames reference = TitleNames.of("SDL: SDL_hints.h File Reference", "");
    assertTrue(source.sameNames(reference));
    assertFalse(source.sameNames(TitleNames.of("SDL: SDL_video.h File Reference", "")));
    assertFalse(TitleNames.of("Tax claims", "").sameNames(TitleNames.of("Tax claims", "")), "no names");
  }

  @Test
  void comparisonShowsTwinNames() {
    String family = " Writes the value at the end of the buffer in network byte order and grows the buffer"
        + " when it is full. When memory is exhausted nothing is written and the error flag of the buffer"
        + " is set, so that a caller can test it once after a long sequence of writes.";
    Fingerprints u16 = Fixtures.of("pack_u16 - bytepack", reference("pack_u16") + family);
    Fingerprints u32 = Fixtures.of("pack_u32 - bytepack", reference("pack_u32") + family);
    MethodScore combined = PairComparison.compare(u16, u32, T).stream()
        .filter(m -> m.method() == Method.COMBINED).findFirst().orElseThrow();
    assertEquals(true, combined.details().get("twin_names"), combined.toString());
    assertFalse(combined.duplicate(), combined.toString());
  }

  /**
   * A repost that writes some Latin letters of its title and text in full width (Ｍac) names what
   * its source names: names are read in NFKC, case kept.
   */
  @Test
  void fullWidthLettersNameWhatTheirAsciiFormsName() {
    String text = "The MacBook is on sale at Amazon from $700 this week, and the MacBook Air from $900, with"
        + " AirPods and watches in the same sale until Sunday.";
    Fingerprints source = Fixtures.of("MacBook sale at Amazon from $700", text);
    Fingerprints repost = Fixtures.of("\uFF2DacBook sale at Amazon from $700", text.replace("MacBook", "\uFF2DacBook"));
    assertFalse(repost.names().namesAnother(source.names(), 1), repost.names() + " " + source.names());
    assertEquals(source.textNames(), repost.textNames());
    assertTrue(PairComparison.compare(repost, source, T).stream()
        .filter(m -> m.method() == Method.COMBINED).findFirst().orElseThrow().duplicate());
  }

  /** One text under two names (an interface's method and its implementation): no copy either. */
  @Test
  void oneTextUnderTwoNamesIsNoCopyInAComparison() {
    String text = "IConfig.Set sets a key value. The set value is the result of the object's ToString value,"
        + " so that a number and its text are one value; ConfigBase.Set writes it to the configuration.";
    Fingerprints iface = Fixtures.of("IConfig.Set Method", text);
    Fingerprints impl = Fixtures.of("ConfigBase.Set Method", text);
    List<MethodScore> scores = PairComparison.compare(iface, impl, T);
    assertTrue(scores.stream().filter(m -> m.method() == Method.EXACT).findFirst().orElseThrow().duplicate());
    MethodScore combined = scores.stream().filter(m -> m.method() == Method.COMBINED).findFirst().orElseThrow();
    assertEquals(true, combined.details().get("twin_names"), combined.toString());
    assertFalse(combined.duplicate(), combined.toString());
    Fingerprints mirror = Fixtures.of("IConfig.Set Method", text);
    assertTrue(PairComparison.compare(mirror, iface, T).stream()
        .filter(m -> m.method() == Method.COMBINED).findFirst().orElseThrow().duplicate());
  }
}

package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.neardup.extract.Language;

class ShinglesTest {
  @Test
  void wordShinglesCountEachChineseCharacterInOtherText() {
    // three words, then nine Han characters: 12 units, 10 shingles of 3
    assertEquals(10, Shingles.of("install the package 软件包已经安装完成", Language.EN, 5, 3).length);
    assertEquals(1, Shingles.of("install the package", Language.EN, 5, 3).length);
  }

  /**
   * A partly translated page (most paragraphs still in English) and the English page: their
   * Chinese paragraphs keep them apart (a Han run taken as one word would make them near copies).
   */
  @Test
  void aPartlyTranslatedPageIsNotItsOriginal() {
    String english = "The kernel is compiled with the make command once the configuration is ready.\n"
        + "Packages built this way can be installed with dpkg on any machine of the same architecture.\n"
        + "The configuration of the running kernel is a good starting point for a new one.";
    String partly = "内核配置完成后，使用make命令编译内核。这样构建的软件包可以用dpkg安装到相同架构的任何机器上，"
        + "正在运行的内核的配置是新配置的良好起点，大多数情况下只需要调整少数几个选项就可以了。\n"
        + "Packages built this way can be installed with dpkg on any machine of the same architecture.\n"
        + "The configuration of the running kernel is a good starting point for a new one.";
    double j = Shingles.jaccard(Shingles.of(english, Language.EN, 5, 3), Shingles.of(partly, Language.EN, 5, 3));
    assertTrue(j < 0.4, "Jaccard " + j);
  }

  /**
   * A class's member list names its own members, then under its parent's name the members it
   * inherits, many of them the same names (published here, declared there). As sets of items the
   * two lists are nearly one; as runs of items they share only the parent's part.
   */
  @Test
  void aMemberListThatRepeatsItsParentsNamesIsNotItsParent() {
    String members = String.join("\n", "AutoCheck", "Caption", "Checked", "Enabled", "GroupIndex", "HelpContext",
        "Hint", "ImageIndex", "ShortCut", "Visible");
    String parent = "TCustomAction\nSavedEnabledState\n" + members + "\nTContainedAction\nActionList\nCategory";
    String child = "TAction\n" + members.replace("\n", "\npublished\n") + "\n" + parent;
    double j = Shingles.jaccard(Shingles.of(child, Language.EN, 5, 3), Shingles.of(parent, Language.EN, 5, 3));
    assertTrue(j < 0.5, "Jaccard " + j);
  }

  @Test
  void shortLinesAreShingledAsOneRunAndParagraphsApart() {
    // three items of one word: one run of 3 units, one shingle of 3
    assertEquals(1, Shingles.of("alpha\nbeta\ngamma", Language.EN, 5, 3).length);
    // a paragraph between two items keeps them apart: 1 + 2 + 1 shingles
    assertEquals(4, Shingles.of("alpha\nOne two three four.\ngamma", Language.EN, 5, 3).length);
    // an item between two items: the same, and one shingle across each break between items
    assertEquals(6, Shingles.of("alpha\none two three four\ngamma", Language.EN, 5, 3).length);
    // paragraphs reordered, the items before them staying first: the same set
    String a = "menu\nhome\nThe first paragraph of the story.\nThe second paragraph of the story.";
    String b = "menu\nhome\nThe second paragraph of the story.\nThe first paragraph of the story.";
    assertEquals(1.0, Shingles.jaccard(Shingles.of(a, Language.EN, 5, 3), Shingles.of(b, Language.EN, 5, 3)));
  }

  /**
   * A class list by name and the class hierarchy hold the same rows in two orders. Prose
   * paragraphs reordered are one set; items are not: the shingles across the break between two
   * items are values too, so the two lists differ by those and agree on everything else, and a
   * list keeps them inside an article.
   */
  @Test
  void theOrderOfItemsIsPartOfThem() {
    String[] rows = {"Buffer a growable array of bytes", "Packer writes numbers to a buffer",
        "Unpacker reads numbers from a buffer", "PackError the base class of every error",
        "RangeError thrown when a number does not fit", "Reader reads a stream of records"};
    String byName = String.join("\n", rows);
    String byParent = String.join("\n", rows[0], rows[3], rows[4], rows[1], rows[2], rows[5]);
    long[] a = Shingles.of(byName, Language.EN, 5, 3);
    assertEquals(Shingles.of(byName.replace("\n", ".\n") + ".", Language.EN, 5, 3).length + 2 * (rows.length - 1),
        a.length, "as sentences, no shingle across a break; as items, two across each");
    double j = Shingles.jaccard(a, Shingles.of(byParent, Language.EN, 5, 3));
    assertTrue(j > 0.6 && j < 0.9, "the same items in another order: " + j);
    String article = "The library was rewritten this year.\nIts classes are these.\n" + byName;
    long[] inArticle = Shingles.of(article, Language.EN, 5, 3);
    assertEquals(a.length, Arrays.stream(a).filter(v -> Arrays.binarySearch(inArticle, v) >= 0).count(),
        "the list inside an article: every value of the list alone");
  }

  /**
   * Two classes' member lists from one template: every member's line names the class it is
   * defined in. As sets the lists are nearly one (the name is a few shingles among many); counted
   * as often as each line writes them, the lists differ as often as they name their class.
   */
  @Test
  void aListsRepeatsCountWhenAsked() {
    String dbl = memberList("double");
    String flt = memberList("float");
    double asSets = Shingles.jaccard(Shingles.of(dbl, Language.EN, 5, 3), Shingles.of(flt, Language.EN, 5, 3));
    double counted = Shingles.jaccard(Shingles.of(dbl, Language.EN, 5, 3, true), Shingles.of(flt, Language.EN, 5, 3, true));
    assertTrue(counted < 0.7, "counted " + counted + ", as sets " + asSets);
    assertTrue(asSets > 0.75, "as sets " + asSets + ", counted " + counted);
    assertEquals(1.0, Shingles.jaccard(Shingles.of(dbl, Language.EN, 5, 3, true), Shingles.of(dbl, Language.EN, 5, 3, true)));
    assertEquals(2, Shingles.of("A b c.\nA b c.", Language.EN, 5, 3, true).length, "a line written twice is two values");
    assertEquals(1, Shingles.of("A b c.\nA b c.", Language.EN, 5, 3).length);
    assertEquals(4, Shingles.of("a b c\na b c", Language.EN, 5, 3, true).length,
        "two items: the line twice, and the two shingles across the break between them");
  }

  /** numeric_limits' member list for one type: each member, the class it is defined in, "static". */
  static String memberList(String type) {
    StringBuilder b = new StringBuilder("This is the complete list of members for numeric_limits " + type + ".");
    for (String m : new String[] {"digits", "digits10", "epsilon", "infinity", "is_exact", "is_signed", "max",
        "min", "radix", "round_error"}) {
      b.append('\n').append(m).append(" defined in std numeric_limits ").append(type)
          .append("\nstd numeric_limits ").append(type).append("\nstatic");
    }
    return b.toString();
  }
}

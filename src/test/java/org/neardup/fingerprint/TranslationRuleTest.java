package org.neardup.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A page and its partial translation into another script: the article of {@link
 * ContainmentRuleTest} with five of its twelve paragraphs in Chinese (translated for this test),
 * the rest in English word for word, as a manual's edition is translated a chapter at a time.
 */
class TranslationRuleTest {
  static final MatchThresholds T = MatchThresholds.defaults();
  static final String[] CHINESE = {
    "支持者认为，过去十年北部城区的发展速度超过了城市的任何其他地区，而那里的公共交通几乎没有变化。"
        + "主干道上的公交车在高峰时段十分拥挤，在交通繁忙时从港口到医院的路程可能需要五十多分钟。",
    "工程师表示，有轨电车走完同样的距离只需约二十二分钟。白天每六分钟一班，晚间每十二分钟一班，"
        + "新车辆比现有车辆更长，每辆最多可载三百名乘客。",
    "规划线路沿线街道的居民对噪音、停车位减少以及砍伐老梧桐树表示担忧。一个街区协会收集了四千多个签名，"
        + "要求市议会把线路改到一条已有宽阔中央隔离带的平行大道上。",
    "交通部门回应说，大道方案已经过详细研究，但由于会使医院园区距离最近的车站将近一公里而被否决。"
        + "交通部门承诺每移走一棵树就补种两棵，并在最繁忙的车站附近修建两座地下停车场。",
    "当地店主意见不一。一些人预计线路开通后顾客会增多，并以老城区为例：十五年前第一条有轨电车线路建成后，"
        + "那里的客流量大幅上升。另一些人担心三年的道路施工会把顾客赶走，要求在施工期间获得补偿。",
  };

  static Fingerprints partlyTranslated() {
    String[] p = ContainmentRuleTest.PARAGRAPHS.clone();
    System.arraycopy(CHINESE, 0, p, 2, CHINESE.length);
    return Fixtures.of("Council approves Riverside tram extension", String.join("\n\n", p));
  }

  @Test
  void aPartialTranslationIntoChineseIsNoCopyOfTheOriginal() {
    Fingerprints translated = partlyTranslated();
    assertEquals(0, ContainmentRuleTest.FULL.nonLatinShare(), 0);
    assertTrue(translated.nonLatinShare() > 0.3, "Han characters are words: " + translated.nonLatinShare());

    FineSignature page = FineSignature.of(translated);
    FineSignature original = FineSignature.of(ContainmentRuleTest.FULL);
    CombinedRule.Outcome o = CombinedRule.evaluate(page, original, T);
    assertTrue(o.twoScripts(), o.toString());
    assertFalse(o.duplicate(), "the Chinese paragraphs are text the original lacks: " + o);
    assertFalse(CombinedRule.evaluate(original, page, T).duplicate(), "nor the original a copy of it");
    // what the untranslated paragraphs share is as much as a rewritten repost keeps
    CombinedRule.Outcome oneScript = CombinedRule.evaluate(page, original, T.with("script_difference", 1));
    assertTrue(oneScript.duplicate(), oneScript.toString());
  }

  @Test
  void anExcerptKeepsTheScriptOfItsSource() {
    CombinedRule.Outcome o = CombinedRule.evaluate(FineSignature.of(ContainmentRuleTest.EXCERPT),
        FineSignature.of(ContainmentRuleTest.FULL), T);
    assertFalse(o.twoScripts(), o.toString());
    assertTrue(o.duplicate(), o.toString());
  }
}

package org.neardup.detect;

import java.util.List;
import org.neardup.extract.Page;

/**
 * A small help site written for these tests: the function reference of "Tallyo", a made-up
 * spreadsheet, in English and Chinese. Its pages are siblings as real reference sites have them:
 * one template, and most of each page's text the same phrasing (how to reach the function, the
 * syntax, the meaning of the arguments, the standard it follows), with only the description and
 * the example of the function its own. Between two such pages the shingle Jaccard is about a
 * half, as between a page and a lightly rewritten copy of it.
 */
final class SiblingSite {
  private SiblingSite() {}

  /** A function of the reference: name, category, what it does, an example. */
  record Function(String name, String category, String description, String example) {}

  static final List<Function> EN = List.of(
      new Function("SUMX", "Mathematical", "SUMX adds up all numbers in a range of cells and returns the total, which makes it the usual way to total a column of invoices.",
          "=SUMX(B2:B40; \">0\"; 0) totals the positive amounts in column B of the March sheet and shows 0 when every amount is negative."),
      new Function("AVGX", "Statistical", "AVGX returns the arithmetic mean of the numbers in a range, the sum of the values divided by how many values were counted.",
          "=AVGX(C2:C13; \"<>0\"; \"n/a\") gives the mean monthly rainfall of the year, leaving out months with no measurement."),
      new Function("MINX", "Statistical", "MINX returns the smallest number in a range, for instance the lowest bid received in a tender or the coldest night of a week.",
          "=MINX(D2:D8; \">-50\"; 0) finds the coldest night of the week in column D while skipping obviously broken sensor readings."),
      new Function("MAXX", "Statistical", "MAXX returns the largest number found in a range of cells, such as the highest score in a class test or the peak daily load.",
          "=MAXX(E2:E31; \"<1000\"; 0) reports the peak daily electricity load of the month in kilowatts, ignoring the meter's overflow value."),
      new Function("COUNTX", "Statistical", "COUNTX counts the cells of a range that hold a number, which tells how many entries a survey column really contains.",
          "=COUNTX(F2:F500; \">=18\"; 0) counts the survey answers given by respondents of eighteen years or older."),
      new Function("ROUNDX", "Mathematical", "ROUNDX rounds each value of a range to a given number of decimal places and returns the rounded total of them.",
          "=ROUNDX(G2:G20; \">0\"; 0) rounds the unit prices in column G to two places before they are summed for the quote."));

  static final List<Function> ZH = List.of(
      new Function("SUMX", "数学", "SUMX 将单元格区域中的所有数字相加并返回总和，是汇总一列发票金额最常用的办法。",
          "=SUMX(B2:B40; \">0\"; 0) 汇总三月工作表B列中的正数金额，所有金额都为负数时显示0。"),
      new Function("AVGX", "统计", "AVGX 返回区域中数字的算术平均值，也就是各个数值之和除以参与计数的数值个数。",
          "=AVGX(C2:C13; \"<>0\"; \"无\") 计算全年的月平均降雨量，没有测量数据的月份不参与计算。"),
      new Function("MINX", "统计", "MINX 返回区域中最小的数字，例如招标中收到的最低报价，或者一周里最冷的一个夜晚。",
          "=MINX(D2:D8; \">-50\"; 0) 找出D列中一周最冷的夜晚，同时跳过明显损坏的传感器读数。"),
      new Function("MAXX", "统计", "MAXX 返回单元格区域中最大的数字，例如一次课堂测验的最高分，或者每天用电负荷的峰值。",
          "=MAXX(E2:E31; \"<1000\"; 0) 报告本月每日用电负荷的峰值（千瓦），忽略电表溢出时记录的数值。"),
      new Function("COUNTX", "统计", "COUNTX 统计区域中包含数字的单元格个数，可以看出一份问卷的某一列实际有多少条记录。",
          "=COUNTX(F2:F500; \">=18\"; 0) 统计十八岁及以上的受访者所填写的问卷答案数量。"),
      new Function("ROUNDX", "数学", "ROUNDX 把区域中的每个数值舍入到指定的小数位数，然后返回这些舍入后数值的总和。",
          "=ROUNDX(G2:G20; \">0\"; 0) 在汇总报价之前先把G列的单价舍入到两位小数。"));

  /** The reference page of {@code f} as the site serves it. */
  static String html(Function f, boolean chinese) {
    List<String> body = chinese ? List.of(
        f.description(),
        "要使用此函数，请选择 插入 - 函数，打开类别“" + f.category() + "”，然后在函数列表中选择 " + f.name() + "。",
        "语法：" + f.name() + "(区域; 条件; 默认值)",
        "区域是 " + f.name() + " 读取的单元格集合。条件是一个可选的判断，单元格必须满足它才会被计入。默认值是在没有单元格满足条件时返回的值。",
        "示例：" + f.example(),
        "此函数属于开放电子表格公式标准1.3版，自Tallyo 4.1起提供。除非设置了“文本按零处理”选项，否则包含文本的单元格会被忽略。")
        : List.of(
        f.description(),
        "To reach this function, choose Insert - Function, open the category " + f.category() + " and select " + f.name() + " from the list of functions.",
        "Syntax: " + f.name() + "(Range; Criterion; Default)",
        "Range is the set of cells that " + f.name() + " reads. Criterion is an optional condition that a cell must meet to be counted. Default is the value returned when no cell meets the condition.",
        "Example: " + f.example(),
        "This function is part of the Open Spreadsheet Formula standard, version 1.3, and is available since Tallyo 4.1. Cells that hold text are ignored unless the option Treat text as zero is set.");
    StringBuilder h = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>")
        .append(f.name()).append(chinese ? " 函数 - Tallyo 帮助" : " function - Tallyo Help").append("</title></head><body>")
        .append("<div class=\"topbar\"><a href=\"index.html\">Tallyo Help</a> | <a href=\"search.html\">Search</a></div>")
        .append("<div id=\"content\"><h1>").append(f.name()).append("</h1>");
    for (String p : body) h.append("<p>").append(p).append("</p>");
    return h.append("</div><div class=\"footer\">Tallyo Help is licensed under the Mozilla Public License 2.0.</div></body></html>").toString();
  }

  /** The British edition of an English page: a reworded sentence or two, the same page. */
  static String britishEdition(Function f) {
    return html(f, false)
        .replace("Criterion is an optional condition that a cell must meet to be counted.",
            "Criterion is an optional condition which a cell has to meet in order to be counted.")
        .replace("Cells that hold text are ignored", "Cells holding text are disregarded")
        .replace("Tallyo Help</title>", "Tallyo Help (UK)</title>");
  }

  /** The English reference page of {@code f} in folder {@code base} ("https://host/en-US/"): base + name.html. */
  static Page page(String base, Function f) {
    return page(base + f.name().toLowerCase(java.util.Locale.ROOT) + ".html", html(f, false));
  }

  static Page page(String url, String html) {
    return DuplicateDetectorContract.EXTRACTOR.extract(url, html.getBytes(java.nio.charset.StandardCharsets.UTF_8), null);
  }
}

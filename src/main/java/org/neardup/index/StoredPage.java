package org.neardup.index;

/**
 * A page as the store recorded it, returned as a match or candidate.
 *
 * @param seq the store-wide sequence number; lower means seen earlier (the first seen is the original)
 * @param id the caller's id
 * @param url the page's url
 * @param fetchedAt epoch milliseconds
 * @param title as recorded
 * @param simhash as recorded (0 when the page was not in the near-duplicate structures)
 * @param sketch the detector's fine signature, as recorded
 * @param verdict what the store knows of the page's own verdict
 * @param originalSeq the seq of the page this one copies, or 0 when it is (so far) an original
 */
public record StoredPage(
    long seq,
    String id,
    String url,
    long fetchedAt,
    String title,
    long simhash,
    byte[] sketch,
    RecordedVerdict verdict,
    long originalSeq) {}

package org.neardup.fingerprint;

import java.util.Map;

/**
 * One method's view of a pair.
 *
 * @param method the method
 * @param score its score (distance for SimHash, similarity or match count otherwise)
 * @param duplicate whether the score passes the configured threshold
 * @param details extra figures (signature summaries, thresholds) for reports
 */
public record MethodScore(Method method, double score, boolean duplicate, Map<String, Object> details) {}

-- record_near.lua: FingerprintStore.recordNear of one or more decisions, in order (one EVALSHA for
-- a batch's decisions: a call's fixed cost is shared, as in check_and_record.lua).
--
-- KEYS[1]   {ns}:config            ARGV[1..3] the layout (see _common.lua)
-- then per decision three arguments: seq, original seq, detector name; or seq, "0", "": the page
-- stays unique (FingerprintStore.recordUnique), which clears record flag 2 of a UNIQUE record so
-- that a replay of it no longer looks again (check_and_record.lua step 1); or seq, "0",
-- "original": an EXACT page fetched before the page it copies is an original
-- (FingerprintStore.recordOriginal): it becomes UNIQUE, without flag 2, and no longer counts as a
-- copy in {ns}:top; the next decision records that page as its copy.
--
-- Reply: the number of pages that changed from UNIQUE to a copy. A decision changes nothing when
-- its page is missing or not UNIQUE (already NEAR, EXACT or SKIPPED), which makes it idempotent.
-- A UNIQUE page becomes NEAR, or EXACT with detector "exact" (an original that an exact copy
-- fetched before it replaced). An EXACT page whose recorded
-- original has since been recorded a copy of the original seq takes it as its original. Copies
-- of the page recorded before this call move their count in {ns}:top to the original; reads of
-- their original go one step further (original_reply in _common.lua). When the original is gone
-- or an orphan by now, the page is recorded an orphan, and its copies' count goes.
-- A page that becomes a copy leaves its title's count in P..'t:' (count_title in _common.lua),
-- and an exact copy made an original joins it.

-- one decision: its arguments are ARGV[a .. a + 2]; returns 1 when the page became NEAR
local function decide(a)
  local sseq = ARGV[a]
  local seq, oseq = tonumber(sseq), tonumber(ARGV[a + 1])
  local rec = get_record(seq)
  if oseq == 0 then
    if rec and ARGV[a + 2] == 'original' and sub(rec, 1, 1) == 'e' then
      -- its count as a copy is where reads resolve its original (record_near moves counts there)
      local at = original_reply(rec)
      if at then
        local n = R('ZINCRBY', TOP, '-1', at[1])
        if tonumber(n) <= 0 then R('ZREM', TOP, at[1]) end
      end
      local f = byte(rec, 39)
      if f % 4 >= 2 then f = f - 2 end
      rec = 'u' .. seq5(0) .. sub(rec, 7, 38) .. char(f) .. sub(rec, 40)
      R('HSET', record_key(seq), sseq, rec)
      rare().count_title(rec, '1')
      R('HINCRBY', CTR, 'exact', '-1')
      R('HINCRBY', CTR, 'unique', '1')
      return 0
    end
    local f = rec and byte(rec, 39)
    if f and sub(rec, 1, 1) == 'u' and f % 4 >= 2 then
      R('HSET', record_key(seq), sseq, with_flags(rec, f - 2))
    end
    return 0
  end
  if rec and sub(rec, 1, 1) == 'e' then
    -- an exact copy recorded before its exact page's near decision (both in one batch): it takes
    -- that page's original, as it would have at its check; nothing else changes
    local r = get_record(unseq5(rec, 2))
    if r and unseq5(r, 2) == oseq then
      R('HSET', record_key(seq), sseq, 'e' .. seq5(oseq) .. sub(rec, 7))
    end
    return 0
  end
  if not rec or sub(rec, 1, 1) ~= 'u' then return 0 end
  -- the original's own original, as reads resolve it (never a page since removed or re-crawled)
  local o = get_record(oseq)
  local oo, orphaned
  if o then oo, orphaned = original_reply(o) end
  if oo then oseq = oo[1] end
  if orphaned then
    -- the original is an orphan (it became one after the lookup): name the page that is gone, so
    -- the page, and any copy of it, is seen as an orphan within the two steps reads follow
    local x = unseq5(o, 2)
    local xr = get_record(x)
    oseq = xr and unseq5(xr, 2) or x
  end
  R('HINCRBY', CTR, 'unique', '-1')
  rare().count_title(rec, '-1')
  if ARGV[a + 2] == 'exact' then
    -- an original an exact copy fetched before it replaced (the decision above)
    R('HSET', record_key(seq), sseq, 'e' .. seq5(oseq) .. sub(rec, 7))
    R('HINCRBY', CTR, 'exact', '1')
  else
    R('HSET', record_key(seq), sseq, 'n' .. seq5(oseq) .. sub(rec, 7))
    R('HINCRBY', CTR, 'near', '1')
    R('HINCRBY', CTR, 'near.' .. ARGV[a + 2], '1')
  end
  -- copies recorded of this page before this decision now count for its original. When that
  -- original is gone or an orphan (its own original went since the lookup), this page is an
  -- orphan now, and so are its copies: their counts go, none goes to a page that is gone.
  local top = TOP
  if not o or orphaned then
    R('ZREM', top, sseq)
    return 1
  end
  local earlier = R('ZSCORE', top, sseq)
  if earlier then R('ZREM', top, sseq) end
  R('ZINCRBY', top, earlier and tostring(1 + tonumber(earlier)) or '1', oseq)
  return 1
end

local changed = 0
for a = 4, #ARGV, 3 do changed = changed + decide(a) end
return changed

-- record_near.lua: FingerprintStore.recordNear.
--
-- KEYS[1]   {ns}:config            ARGV[1..3] the layout (see _common.lua)
-- ARGV[4]   seq                    ARGV[5] original seq
-- ARGV[6]   detector name
--
-- Reply: 1 when the page changed from UNIQUE to NEAR, 0 otherwise (missing, or not UNIQUE:
-- already NEAR, EXACT or SKIPPED), which makes the call idempotent. Copies of the page recorded
-- before this call move their count in {ns}:top to the original; reads of their original go one
-- step further (original_reply in _common.lua).

local seq, oseq = tonumber(ARGV[4]), tonumber(ARGV[5])
local rec = get_record(seq)
if not rec or sub(rec, 1, 1) ~= 'u' then return 0 end
local o = get_record(oseq)
if o and unseq5(o, 2) ~= 0 then oseq = unseq5(o, 2) end
R('HSET', P .. 'r:' .. floor(seq / 64), ARGV[4], 'n' .. seq5(oseq) .. sub(rec, 7))
R('HINCRBY', CTR, 'unique', '-1')
R('HINCRBY', CTR, 'near', '1')
R('HINCRBY', CTR, 'near.' .. ARGV[6], '1')
-- copies recorded of this page before this decision now count for its original
local top = P .. 'top'
local earlier = R('ZSCORE', top, ARGV[4])
if earlier then R('ZREM', top, ARGV[4]) end
R('ZINCRBY', top, earlier and tostring(1 + tonumber(earlier)) or '1', oseq)
return 1

-- record_near.lua: FingerprintStore.recordNear.
--
-- KEYS[1]   {ns}:config            ARGV[1..14] the layout (see _common.lua)
-- ARGV[15]  seq                    ARGV[16] original seq
-- ARGV[17]  detector name
--
-- Reply: 1 when the page changed from UNIQUE to NEAR, 0 otherwise (missing, or not UNIQUE:
-- already NEAR, EXACT or SKIPPED), which makes the call idempotent.

local function main()
  check_config()
  local seq, oseq = tonumber(ARGV[15]), tonumber(ARGV[16])
  local rec = get_record(seq)
  if not rec or rec[1] ~= 'u' then return 0 end
  local o = get_record(oseq)
  if o and o[2] ~= 0 then oseq = o[2] end
  rec[1] = 'n'
  rec[2] = oseq
  put_record(seq, rec)
  R('HINCRBY', CTR, 'unique', -1)
  R('HINCRBY', CTR, 'near', 1)
  R('HINCRBY', CTR, 'near.' .. ARGV[17], 1)
  R('ZINCRBY', TOP, 1, oseq)
  return 1
end

return run(main)

-- remove.lua: FingerprintStore.remove.
--
-- KEYS[1]   {ns}:config            ARGV[1..14] the layout (see _common.lua)
-- ARGV[15]  url                    ARGV[16] url hash (8 bytes)
--
-- Reply: 1 when the url was recorded (and now is not), else 0.

local function main()
  check_config()
  local url, uh = ARGV[15], ARGV[16]
  local ukey = P .. 'u:' .. (u32(uh, 1) % NU)
  local seq = R('HGET', ukey, uh)
  if not seq then return 0 end
  seq = tonumber(seq)
  local rec = get_record(seq)
  if rec and rec[9] ~= url then return 0 end
  if rec then remove_page(seq, rec) end
  R('HDEL', ukey, uh)
  R('HINCRBY', CTR, 'removed', 1)
  return 1
end

return run(main)

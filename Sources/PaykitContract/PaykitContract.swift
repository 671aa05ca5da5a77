// PaykitContract: the Paykit issuer contract Bitkit enforces (spec/05).

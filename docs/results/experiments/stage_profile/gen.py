# SPDX-License-Identifier: Apache-2.0
"""gen.py: 512-entry S-box tables ({inv, x} -> S or S^-1) as multiplexer trees with the select
bits in six orders (t9A..t9F.v) and a harness for each (h9A..h9F.v: 16 of them between registers)."""
import sys, itertools
from pathlib import Path
def sbox():
    # FIPS-197 S-box computed
    def mul(a,b):
        r=0
        while b:
            if b&1: r^=a
            a=((a<<1)^0x11b) if a&0x80 else a<<1; b>>=1
        return r
    inv=[0]*256
    for a in range(1,256):
        for b in range(1,256):
            if mul(a,b)==1: inv[a]=b;break
    s=[]
    for x in range(256):
        b=inv[x]; y=b
        for k in range(1,5): y^=((b<<k)|(b>>(8-k)))&0xff
        s.append(y^0x63)
    si=[0]*256
    for x in range(256): si[s[x]]=x
    return s,si
S,SI=sbox()
T=S+SI   # index bit 8 = inv
def gen(name, levels, nbits=9, table=T):
    out=[f"module {name}(input wire [{nbits-1}:0] x, output wire [7:0] y);"]
    allb=list(range(nbits)); used=[]
    prev={}  # key: frozenset assignment of remaining bits -> expr name
    cnt=0
    for li,G in enumerate(levels):
        used=used+G
        rem=[b for b in allb if b not in used]
        cur={}
        for ra in itertools.product([0,1],repeat=len(rem)):
            amap=dict(zip(rem,ra))
            items=[]
            for ga in itertools.product([0,1],repeat=len(G)):
                full=dict(amap); full.update(zip(G,ga))
                # index of this item in selector: G[0] is msb
                if li==0:
                    addr=sum(v<<b for b,v in full.items())
                    items.append(f"8'h{table[addr]:02x}")
                else:
                    key=tuple(sorted(full.items()))
                    items.append(prev[key])
            nm=f"n{cnt}"; cnt+=1
            sel="{"+",".join(f"x[{b}]" for b in G)+"}"
            # concatenation: MSB item = highest selector value
            out.append(f"  wire [{8*len(items)-1}:0] c_{nm} = {{{', '.join(reversed(items))}}};")
            out.append(f"  wire [7:0] {nm} = c_{nm}[8*{sel} +: 8];")
            cur[tuple(sorted(amap.items()))]=nm
        prev=cur
    out.append(f"  assign y = {prev[()]};\nendmodule")
    return "\n".join(out)
orders={'A':[[8,7],[6,5],[4,3],[2,1],[0]], 'B':[[8],[7,6],[5,4],[3,2],[1,0]], 'C':[[7,6],[5,4],[3,2],[1,0],[8]], 'D':[[7,6],[5,4],[3,2],[8],[1,0]],
        'E':[[7,6],[8],[5,4],[3,2],[1,0]], 'F':[[7,6],[5,4],[8],[3,2],[1,0]]}
for k,v in orders.items():
    open(f"t9{k}.v","w").write(gen(f"t9{k}",v))
    h=open(Path(__file__).with_name("sbx_h.v")).read().replace("module sbx_h","module h9"+k)
    h=h.replace('aes_sbox #(.IMPL("LUT"), .MODE(MODE), .PIPE(0)) u (.clk(clk), .ce(1\'b1), .inv(iv[i]), .in_byte(r[8*i +: 8]), .out_byte(y[8*i +: 8]));',
                f"t9{k} u (.x({{iv[i], r[8*i +: 8]}}), .y(y[8*i +: 8]));")
    open(f"h9{k}.v","w").write(h)
# check: ENC only table 8-bit with standard order as sanity
open("t8s.v","w").write(gen("t8s",[[7,6],[5,4],[3,2],[1,0]],8,S))

# SPDX-License-Identifier: Apache-2.0
"""stage.py TAG TOP: the worst endpoint of every register group of n_TAG.v (OpenSTA, period 0.5 ns),
printed as the time the group's worst path needs (arrival + setup), slowest first."""
import re,sys,subprocess,collections
tag,top=sys.argv[1],sys.argv[2]
s=open(f'n_{tag}.v').read()
cell2q={}
for m in re.finditer(r'DFF_X1\s+(\S+)\s*\((.*?)\);',s,re.S):
    q=re.search(r'\.Q\(([^)]*)\)',m.group(2)).group(1).strip()
    n=re.sub(r'\[\d+\]','',q).strip().lstrip('\\'); n=re.sub(r'\[\d+\]','[*]',n)
    cell2q[m.group(1)]=n
open(f'e_{tag}.tcl','w').write(f"""read_liberty lib.lib
read_verilog n_{tag}.v
link_design {top}
create_clock -name clk -period 0.5 [get_ports clk]
report_checks -path_delay max -group_count 100000 -endpoint_count 1 -digits 4 -format end -from [all_registers -clock_pins] -to [all_registers -data_pins]
exit
""")
out=subprocess.run(['sta','-no_splash','-no_init','-exit',f'e_{tag}.tcl'],capture_output=True,text=True).stdout
worst=collections.defaultdict(lambda:9)
for line in out.splitlines():
    p=line.split()
    if len(p)>=4 and '/' in p[0]:
        c=p[0].split('/')[0]
        try: sl=float(p[-2])
        except: continue
        g=cell2q.get(c,c); worst[g]=min(worst[g],sl)
for g,v in sorted(worst.items(),key=lambda x:x[1]): print(f"{0.5-v:.3f} ns (arrival+setup) -> {g}")

/**
 * `riposte completion bash|zsh`: a completion script made from the command tree itself, so it
 * never drifts from the commands. Install: `source <(riposte completion bash)` (or zsh).
 */
import type { Command } from 'commander';

const wordsOf = (command: Command): string[] => [...command.commands.map((c) => c.name()), ...command.options.map((o) => o.long ?? '').filter((l) => l !== '')];

export const completionScript = (program: Command, shell: string): string => {
  const cases = program.commands
    .filter((c) => c.commands.length > 0 || c.options.length > 0)
    .map((c) => `    ${c.name()}) words="${wordsOf(c).join(' ')}" ;;`)
    .join('\n');
  const top = wordsOf(program).join(' ');
  const body = `_riposte() {
  local cur words
  cur="\${COMP_WORDS[COMP_CWORD]}"
  case "\${COMP_WORDS[1]}" in
${cases}
    *) words="${top}" ;;
  esac
  if [ "$COMP_CWORD" -eq 1 ]; then words="${top}"; fi
  COMPREPLY=( $(compgen -W "$words" -- "$cur") )
}
`;
  if (shell === 'bash') return `${body}complete -o default -F _riposte riposte\n`;
  if (shell === 'zsh') return `autoload -U +X bashcompinit && bashcompinit\n${body}complete -o default -F _riposte riposte\n`;
  throw new Error(`completion: shell must be bash or zsh, not '${shell}'`);
};

// The classic page's side card (spec part 2 §2): tips and a button to review X's policies.
import { ExternalLink, Lightbulb } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';

export const X_AUTOMATION_RULES = 'https://help.x.com/en/rules-and-policies/x-automation';

const TIPS = [
  'Reply within the first hour of a post: early replies collect the most impressions.',
  'Pick the recommended window — it is the next one coming up.',
  'Add value: a sharp insight or a question beats a generic compliment.',
  'Let AI vary the wording so recurring replies never repeat word for word.',
  'Never tag people: @mentions are removed to keep your account safe.',
];

export function TipsCard() {
  return (
    <Card data-testid="tips-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lightbulb className="size-4 text-amber-500" />
          Tips for better replies
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
          {TIPS.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        <Button variant="outline" asChild>
          <a href={X_AUTOMATION_RULES} target="_blank" rel="noreferrer noopener">
            Review X Policies
            <ExternalLink />
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}

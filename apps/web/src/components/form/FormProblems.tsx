import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useScrollIntoView } from '../page/useScrollIntoView';

/** What is wrong with the form as a whole: the fill-in reminder or the server's refusals, one alert each. */
export function FormProblems({ problems }: { problems: readonly string[] }) {
  const ref = useScrollIntoView<HTMLDivElement>(problems, problems.length > 0);
  if (problems.length === 0) return null;
  return (
    <Stack ref={ref} spacing={1}>
      {problems.map((problem, index) => (
        <Alert key={index} severity="error">
          {problem}
        </Alert>
      ))}
    </Stack>
  );
}
